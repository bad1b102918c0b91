/**
 * Ingest's transactions: each write runs in one IMMEDIATE transaction (a savepoint when nested),
 * and the notifications it queued fire after the COMMIT — or go to the enclosing transaction or the
 * group commit. A rolled-back transaction's notifications are dropped.
 */
import type Database from 'better-sqlite3';
import type { GroupCommit } from './group-commit.js';

export type Emit = Array<() => void>;

export class IngestTx {
  private readonly tx: <T>(fn: () => T) => T;
  /** Notification lists of the transactions in progress (nested ones hand theirs to the outer). */
  private readonly emitStack: Emit[] = [];

  constructor(
    private readonly db: Database.Database,
    private readonly groupCommit?: GroupCommit,
  ) {
    const t = db.transaction((fn: () => unknown) => fn());
    // IMMEDIATE (a savepoint when nested): see GroupCommit.
    this.tx = <T>(fn: () => T): T => t.immediate(fn) as T;
  }

  /** `flat`: one write at most, run in the enclosing transaction without a savepoint. */
  run<T>(fn: (emit: Emit) => T, opts: { flat?: boolean } = {}): T {
    const emit: Emit = [];
    this.emitStack.push(emit);
    let out: T;
    try {
      out =
        opts.flat && this.db.inTransaction
          ? fn(emit)
          : this.tx(() => {
              emit.length = 0;
              return fn(emit);
            });
    } finally {
      this.emitStack.pop();
    }
    const parent = this.emitStack[this.emitStack.length - 1];
    if (parent) {
      parent.push(...emit);
      return out;
    }
    const sink = this.groupCommit?.afterCommit();
    if (sink) sink.push(...emit);
    else for (const f of emit) f();
    return out;
  }
}
