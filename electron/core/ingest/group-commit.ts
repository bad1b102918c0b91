/**
 * Group commit for the ingest path. Writes submitted in the same event-loop turn (concurrent hook
 * posts) run in one SQLite transaction, each inside its own savepoint (better-sqlite3 nests
 * transactions as savepoints), so one bad event rolls back alone while the others commit. Every
 * caller's promise settles only after the shared COMMIT: durable before acknowledged, with the
 * commit cost paid once per batch instead of once per event.
 *
 * With a `WalSync` (the service's connection, `synchronous = FULL`, WAL mode) the batch commits
 * without an fsync of its own and its promises settle once a WAL fsync begun after the COMMIT has
 * finished (db/wal-sync.ts): the same guarantee — on disk before the 2xx — without the event loop
 * waiting for the disk.
 */
import type Database from 'better-sqlite3';
import { withoutCommitFsync, type WalSync } from '../db/wal-sync.js';

interface Pending {
  fn: () => unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  ok?: boolean;
  value?: unknown;
}

export class GroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;
  private readonly runBatch: (batch: Pending[]) => void;
  /** Notifications deferred until the batch has committed (see `afterCommit`). */
  private deferred: Array<() => void> | null = null;
  /** Batches committed whose callers still wait for the WAL fsync. */
  private syncing = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly sqlite: Database.Database,
    private readonly maxBatch = 256,
    private readonly walSync?: WalSync,
  ) {
    // IMMEDIATE: the write lock is taken (waiting the busy timeout) at BEGIN. A deferred transaction
    // that read first fails at once with SQLITE_BUSY when another connection (the maintenance
    // worker) writes meanwhile.
    const tx = sqlite.transaction((batch: Pending[]) => {
      for (const p of batch) {
        try {
          p.value = p.fn();
          p.ok = true;
        } catch (err) {
          p.value = err;
          p.ok = false;
        }
      }
    });
    this.runBatch = (batch) => tx.immediate(batch);
  }

  /** Runs `fn` (which opens its own transaction → a savepoint here) in the next group commit. */
  submit<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (this.queue.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /**
   * While a batch runs, returns a sink for notifications that must wait for its COMMIT; outside a
   * batch, null (the caller fires them at once, after its own commit).
   */
  afterCommit(): Array<() => void> | null {
    return this.deferred;
  }

  /**
   * Whether writes are queued or committed but not yet answered. `whenAnswered` calls `cb` in a
   * later turn once none are (their 2xx written first) and returns true; it returns false, calling
   * nothing, when none are now. The projector waits so (a slice would otherwise run between a
   * COMMIT and its answers).
   */
  whenAnswered(cb: () => void): boolean {
    if (this.queue.length === 0 && this.syncing === 0) return false;
    this.idleWaiters.push(cb);
    return true;
  }

  private answered(): void {
    if (this.queue.length > 0 || this.syncing > 0 || this.idleWaiters.length === 0) return;
    const waiters = this.idleWaiters.splice(0);
    // After the callers' continuations (the responses), which run as microtasks of this turn.
    setImmediate(() => {
      for (const w of waiters) w();
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return this.answered();
    if (this.queue.length > 0 && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    const deferred: Array<() => void> = [];
    this.deferred = deferred;
    // The fsync moves to the WAL syncer (never inside an enclosing transaction: the pragma would
    // not apply to it).
    const sync = this.walSync && !this.sqlite.inTransaction ? this.walSync : null;
    try {
      if (sync) withoutCommitFsync(this.sqlite, () => this.runBatch(batch));
      else this.runBatch(batch);
    } catch (err) {
      // The COMMIT itself failed (disk full, I/O error): nothing in the batch is durable.
      this.deferred = null;
      for (const p of batch) p.reject(err);
      return this.answered();
    }
    this.deferred = null;
    // Committed: readers (the projector) may go on; the callers wait for the disk.
    for (const f of deferred) f();
    const settle = (): void => {
      for (const p of batch) (p.ok ? p.resolve : p.reject)(p.value);
    };
    if (!sync) {
      settle();
      return this.answered();
    }
    this.syncing++;
    sync.after((err) => {
      this.syncing--;
      if (err === null) settle();
      // Committed but maybe not on disk: no 2xx (the hook spools it; its uid dedupes the retry).
      else for (const p of batch) p.reject(err);
      this.answered();
    });
  }
}
