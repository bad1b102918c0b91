/**
 * Storage health: what a SQLite or file-system error means for the user, and a cheap write probe
 * (one page: the header's `user_version`, which MemTray does not otherwise use) that tells whether
 * the database can take writes right now: locked by another process, read-only, disk full.
 */
import type Database from 'better-sqlite3';
import { accessSync, constants, statfsSync } from 'node:fs';
import { dirname } from 'node:path';

type StorageProblem = 'locked' | 'readonly' | 'full' | 'io' | 'corrupt' | 'cantopen';

interface StorageError {
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

export function diskSpace(dir: string): { free: number; total: number } | null {
  try {
    const s = statfsSync(dir);
    return { free: Number(s.bavail) * Number(s.bsize), total: Number(s.blocks) * Number(s.bsize) };
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
  const disk = diskSpace(dir);
  // Low: under 50 MiB, or under 5% on a small file system.
  const low = disk !== null && disk.free < Math.min(lowDiskBytes, disk.total * 0.05);
  const base = { checkedAt: now, freeBytes: disk?.free ?? null, lowDisk: low };
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

/**
 * Rewrites an error from opening the database into one a user can act on (the code is kept). A
 * "cannot open" caused by a read-only data dir is reported as read-only.
 */
export function explainOpenError(err: unknown, file: string): Error {
  let s = classifyStorageError(err);
  if (s?.problem === 'cantopen' || s?.problem === 'readonly') {
    try {
      accessSync(dirname(file), constants.W_OK);
    } catch (e) {
      const fsCode = (e as NodeJS.ErrnoException).code ?? '';
      const ro = fsCode === 'EROFS' || fsCode === 'EACCES' || fsCode === 'EPERM';
      s = classifyStorageError({ code: ro ? 'SQLITE_READONLY' : s.code }) ?? s;
    }
  }
  if (!s) return err as Error;
  const out = new Error(`cannot open the database ${file}: ${s.message}`) as Error & { code: string };
  out.code = s.code;
  return out;
}
