/**
 * Storage health: what a SQLite or file-system error means for the user, and a cheap write probe
 * (one page: the header's `user_version`, which MemTray does not otherwise use) that tells whether
 * the database can take writes right now: locked by another process, read-only, disk full.
 */
import type Database from 'better-sqlite3';
import { statfsSync } from 'node:fs';

export type StorageProblem = 'locked' | 'readonly' | 'full' | 'io' | 'corrupt' | 'cantopen';

export interface StorageError {
  problem: StorageProblem;
  code: string;
  message: string;
}

const MESSAGES: Record<StorageProblem, string> = {
  locked: 'the database is locked by another process; MemTray will retry',
  readonly: 'the data dir or database is read-only; MemTray cannot store anything until it is writable',
  full: 'the disk holding the data dir is full; free some space and MemTray resumes',
  io: 'the disk reported an I/O error while writing the database',
  corrupt: 'the database file is damaged',
  cantopen: 'the database file cannot be opened (missing, or the data dir is not writable)',
};

/** Classifies an error from better-sqlite3 or node:fs; null when it is not a storage problem. */
export function classifyStorageError(err: unknown): StorageError | null {
  const code = typeof err === 'object' && err !== null ? String((err as { code?: unknown }).code ?? '') : '';
  let problem: StorageProblem | null = null;
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED')
    problem = 'locked';
  else if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    problem = 'readonly';
  else if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') problem = 'full';
  else if (code.startsWith('SQLITE_IOERR') || code === 'EIO') problem = 'io';
  else if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') problem = 'corrupt';
  else if (code.startsWith('SQLITE_CANTOPEN')) problem = 'cantopen';
  if (!problem) return null;
  return { problem, code, message: `storage unavailable: ${MESSAGES[problem]} (${code})` };
}

export interface StorageStatus {
  ok: boolean;
  problem: StorageProblem | null;
  code: string | null;
  message: string | null;
  checkedAt: number;
  /** Free bytes on the data dir's file system (null where statfs is unavailable). */
  freeBytes: number | null;
  lowDisk: boolean;
}

export function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

/**
 * Tries one tiny write without waiting on locks (busy timeout 0 for the probe only), so a probe never
 * stalls the service.
 */
export function probeStorage(
  db: Database.Database,
  dir: string,
  now: number,
  lowDiskBytes = 50 * 1024 * 1024,
): StorageStatus {
  const free = freeBytes(dir);
  const base = { checkedAt: now, freeBytes: free, lowDisk: free !== null && free < lowDiskBytes };
  const timeout = Number(db.pragma('busy_timeout', { simple: true }));
  try {
    db.pragma('busy_timeout = 0');
    db.transaction(() => {
      const v = Number(db.pragma('user_version', { simple: true }));
      db.pragma(`user_version = ${(v + 1) % 1_000_000}`);
    }).immediate();
    return { ok: true, problem: null, code: null, message: null, ...base };
  } catch (err) {
    const s = classifyStorageError(err) ?? {
      problem: 'io' as const,
      code: 'UNKNOWN',
      message: `storage check failed: ${(err as Error).message}`,
    };
    return { ok: false, ...s, ...base };
  } finally {
    try {
      db.pragma(`busy_timeout = ${timeout}`);
    } catch {
      // closed meanwhile
    }
  }
}
