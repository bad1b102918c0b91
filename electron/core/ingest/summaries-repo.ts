/**
 * The one writer of the `session_summaries` table (tests/lint/table-owners.test.ts holds the rest
 * of the code to that): one summary per session, a later one updates the row in place. Row types
 * come from `drizzle/schema.ts`; the statement is prepared once per connection. Callers own the
 * transaction.
 */
import type Database from 'better-sqlite3';
import type { sessionSummaries } from '../../../drizzle/schema.js';

/** A session summary as stored (drizzle's camelCase names). */
export type SummaryRow = typeof sessionSummaries.$inferSelect;

/** Every column but the local id: a new summary, or a newer one of the same session. */
export type SummaryWrite = Omit<SummaryRow, 'id'>;

/** The row's `created_at` is the first summary's; every other column is the newest's. */
const UPSERT = `INSERT INTO session_summaries (session_id, prompt_number, request, investigated, learned, completed,
    next_steps, files_read, files_edited, notes, produced_by, created_at, updated_at)
  VALUES (@sessionId, @promptNumber, @request, @investigated, @learned, @completed, @nextSteps, @filesRead,
    @filesEdited, @notes, @producedBy, @createdAt, @updatedAt)
  ON CONFLICT (session_id) DO UPDATE SET prompt_number = excluded.prompt_number, request = excluded.request,
    investigated = excluded.investigated, learned = excluded.learned, completed = excluded.completed,
    next_steps = excluded.next_steps, files_read = excluded.files_read, files_edited = excluded.files_edited,
    notes = excluded.notes, produced_by = excluded.produced_by, updated_at = excluded.updated_at
  RETURNING id`;

/** The writes of `session_summaries`, one instance (and one statement) per connection. */
export class SummariesRepo {
  private constructor(private readonly upsertSt: Database.Statement<[SummaryWrite], { id: number }>) {}

  private static readonly byDb = new WeakMap<Database.Database, SummariesRepo>();

  static of(db: Database.Database): SummariesRepo {
    let r = SummariesRepo.byDb.get(db);
    if (!r) {
      r = new SummariesRepo(db.prepare<[SummaryWrite], { id: number }>(UPSERT));
      SummariesRepo.byDb.set(db, r);
    }
    return r;
  }

  /** Inserts the session's summary or updates the one it has; returns the row id. */
  upsert(s: SummaryWrite): number {
    return this.upsertSt.get(s)!.id;
  }
}
