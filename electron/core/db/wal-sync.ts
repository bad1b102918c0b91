/**
 * Makes commits durable off the event loop. A commit made with `synchronous = NORMAL` in WAL mode
 * is in the write-ahead log (it survives a process crash) but not yet on the disk (a power cut may
 * lose it). `WalSync.after(cb)` calls `cb` once an fsync of the WAL that started after the call has
 * finished: then every frame written before the call, the commit's included, survives a power cut.
 * The fsync runs on libuv's thread pool, so the main thread goes on reading and committing
 * meanwhile; callers that arrive during an fsync share the next one (group fsync).
 *
 * Sound because SQLite appends to the WAL in commit order, and its recovery stops at the first frame
 * that fails its checksum: an fsync covers every earlier commit, a later frame that reached the disk
 * without an earlier one is ignored. A checkpoint syncs the WAL itself before copying it.
 */
import { closeSync, fstatSync, fsync, openSync } from 'node:fs';
import type Database from 'better-sqlite3';

/**
 * Runs `fn` with `synchronous = NORMAL` (its COMMIT does not fsync), then FULL again: for commits
 * made durable otherwise (a `WalSync`) or that need not be (rows derived from durable events).
 * Outside a transaction only: inside one the pragma would not apply to it.
 */
export function withoutCommitFsync<T>(sqlite: Database.Database, fn: () => T): T {
  // exec, not sqlite.pragma(): this runs around every hook batch and projector slice, and pragma()
  // builds a statement object on every call (and, with a write listener, prepares the pragma again
  // to ask whether it writes): 16 µs a pair against 1.3 µs, ~15 µs an event under a flood. Not a
  // statement prepared once: a setting pragma takes effect when it is compiled, not when it runs.
  sqlite.exec('PRAGMA synchronous = NORMAL');
  try {
    return fn();
  } finally {
    sqlite.exec('PRAGMA synchronous = FULL');
  }
}

type Fsync = (fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => void;

export class WalSync {
  private fd: number | null = null;
  private running = false;
  private closed = false;
  private waiting: Array<(err: Error | null) => void> = [];

  constructor(
    private readonly walPath: string,
    private readonly doFsync: Fsync = fsync,
  ) {}

  /** Calls `cb` (with the error, when the fsync failed) after a WAL fsync begun after this call. */
  after(cb: (err: Error | null) => void): void {
    this.waiting.push(cb);
    if (!this.running) this.start();
  }

  /** Closes the descriptor (after the fsync under way, so its number is never reused under it). */
  close(): void {
    this.closed = true;
    if (!this.running) this.release();
  }

  private release(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private start(): void {
    const batch = this.waiting.splice(0);
    let fd: number;
    try {
      if (this.closed) throw new Error('the database is closed');
      fd = this.open();
    } catch (err) {
      for (const cb of batch) cb(err as Error);
      return;
    }
    this.running = true;
    this.doFsync(fd, (err) => {
      this.running = false;
      for (const cb of batch) cb(err);
      if (this.closed) this.release();
      if (this.waiting.length > 0) this.start();
    });
  }

  /**
   * The WAL's descriptor, opened at the first sync (the WAL exists once a commit was made) and again
   * if the file was replaced (SQLite deletes it when the last connection closes; ours stays open, so
   * only another process's `journal_mode` change could). Read-write: Windows flushes only those.
   */
  private open(): number {
    if (this.fd !== null && fstatSync(this.fd).nlink > 0) return this.fd;
    this.release();
    this.fd = openSync(this.walPath, 'r+');
    return this.fd;
  }
}
