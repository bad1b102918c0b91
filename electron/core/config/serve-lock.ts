/**
 * The serve lock: at most one MemTray service per data dir. An OS-level exclusive lock on
 * `<dataDir>/serve.lock`, taken through SQLite (`BEGIN EXCLUSIVE` on a connection held for the
 * service's life: fcntl byte-range locks on POSIX, LockFileEx on Windows; better-sqlite3 is already a
 * dependency, so no native addon of our own). Why this and not a pid file or `O_EXCL`:
 *
 * - the kernel drops the lock when the process dies, however it dies (SIGKILL, crash, power loss):
 *   no stale lock to detect, no mtime heartbeat (proper-lockfile) that needs a timer;
 * - it names no pid, so pid reuse cannot make a dead service look alive;
 * - two services starting at once: exactly one gets it (the other gets SQLITE_BUSY at once, no wait);
 *   SQLite also tracks locks per inode inside one process, so two services in one process exclude
 *   each other too (the tests rely on that).
 *
 * `server.json` is information (where the service listens), never the lock.
 */
import Database from 'better-sqlite3';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { readServerInfo, type DataDirPaths } from './data-dir.js';

export class ServeLockHeld extends Error {
  constructor(root: string, where: string) {
    super(`a MemTray service already serves ${root}${where}`);
    this.name = 'ServeLockHeld';
  }
}

export interface ServeLock {
  file: string;
  release(): void;
}

/** Takes the lock or throws ServeLockHeld (naming where the holder listens, per server.json). */
export function acquireServeLock(paths: DataDirPaths, nativeBinding?: string): ServeLock {
  const file = join(paths.root, 'serve.lock');
  closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file, { timeout: 0, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    const info = readServerInfo(paths);
    throw new ServeLockHeld(paths.root, info ? ` (pid ${info.pid}, http://127.0.0.1:${info.port})` : '');
  }
  let held = true;
  return {
    file,
    release() {
      if (!held) return;
      held = false;
      try {
        db.exec('ROLLBACK');
      } finally {
        db.close();
      }
    },
  };
}
