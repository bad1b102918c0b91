/**
 * The quarantine (owner of the `quarantine` table): work items that failed once and are not retried
 * as they are (a transcript that is not a regular file or too big, a spool file that could not be
 * imported, a session whose reconciliation threw). Each is recorded with why (never its content),
 * logged once, shown in Health, and skipped until its `stamp` (size and mtime of a file) changes.
 * Recording never throws: a failing quarantine must not turn a skipped item into a crash.
 */
import type Database from 'better-sqlite3';
import type { QuarantineItem } from '../../shared/contract/health.js';
import type { Clock } from '../util/clock.js';
import type { Logger } from '../util/logger.js';

type QuarantineKind = 'transcript' | 'spool' | 'reconcile' | 'plugin';

export class Quarantine {
  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  /** Whether `item` failed before with this same stamp (so it is skipped). */
  holds(kind: QuarantineKind, item: string, stamp = ''): boolean {
    try {
      const row = this.sqlite
        .prepare('select stamp from quarantine where kind = ? and item = ?')
        .get(kind, item) as { stamp: string } | undefined;
      return row !== undefined && row.stamp === stamp;
    } catch {
      return false;
    }
  }

  /** Records a failure (or another failure of the same item). */
  add(kind: QuarantineKind, item: string, reason: string, stamp = ''): void {
    const now = this.clock();
    const why = reason.slice(0, 300);
    try {
      this.sqlite
        .prepare(
          `insert into quarantine (kind, item, stamp, reason, failures, first_at, last_at)
           values (?, ?, ?, ?, 1, ?, ?)
           on conflict (kind, item) do update set
             stamp = excluded.stamp, reason = excluded.reason,
             failures = failures + 1, last_at = excluded.last_at`,
        )
        .run(kind, item.slice(0, 4096), stamp, why, now, now);
    } catch (err) {
      this.logger?.warn('quarantine: could not record', { kind, err: err as Error });
    }
    this.logger?.warn('quarantined: skipped until it changes', {
      kind,
      item: item.slice(0, 300),
      reason: why,
    });
  }

  /** Clears an item that now succeeded. */
  release(kind: QuarantineKind, item: string): void {
    try {
      this.sqlite.prepare('delete from quarantine where kind = ? and item = ?').run(kind, item);
    } catch {
      // best effort
    }
  }

  count(): number {
    try {
      return (this.sqlite.prepare('select count(*) n from quarantine').get() as { n: number }).n;
    } catch {
      return 0;
    }
  }

  list(limit = 100): QuarantineItem[] {
    return this.sqlite
      .prepare(
        `select kind, item, reason, failures, first_at firstAt, last_at lastAt
         from quarantine order by last_at desc limit ?`,
      )
      .all(limit) as QuarantineItem[];
  }
}
