/**
 * Group commit for the ingest path. Writes submitted in the same event-loop turn (concurrent hook
 * posts) run in one SQLite transaction, each inside its own savepoint (better-sqlite3 nests
 * transactions as savepoints), so one bad event rolls back alone while the others commit. Every
 * caller's promise settles only after the shared COMMIT: durable before acknowledged, with the
 * commit cost paid once per batch instead of once per event.
 */
import type Database from 'better-sqlite3';

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

  constructor(
    sqlite: Database.Database,
    private readonly maxBatch = 256,
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

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    if (this.queue.length > 0 && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    const deferred: Array<() => void> = [];
    this.deferred = deferred;
    try {
      this.runBatch(batch);
    } catch (err) {
      // The COMMIT itself failed (disk full, I/O error): nothing in the batch is durable.
      this.deferred = null;
      for (const p of batch) p.reject(err);
      return;
    }
    this.deferred = null;
    for (const f of deferred) f();
    for (const p of batch) (p.ok ? p.resolve : p.reject)(p.value);
  }
}
