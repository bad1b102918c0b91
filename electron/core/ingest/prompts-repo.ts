/**
 * The one writer of the `user_prompts` table (tests/lint/table-owners.test.ts holds the rest of the
 * code to that): a hook's prompt, a prompt only the transcript had, a synced prompt, and the link
 * of a stored prompt to its transcript line. A prompt is identified by (session, number); a second
 * write of the same one is ignored. Row types come from `drizzle/schema.ts`; the statements are
 * prepared once per connection. Callers own the transaction.
 */
import type Database from 'better-sqlite3';
import type { userPrompts } from '../../../drizzle/schema.js';

/** A prompt as stored (drizzle's camelCase names). */
export type PromptRow = typeof userPrompts.$inferSelect;

/** A new prompt: every column but the local id (`sourceUuid` null when it came from a hook). */
export type PromptWrite = Omit<PromptRow, 'id'>;

function prepare(db: Database.Database) {
  return {
    insert: db.prepare<[PromptWrite]>(
      `INSERT INTO user_prompts (session_id, prompt_number, prompt, source_uuid, created_at)
       VALUES (@sessionId, @promptNumber, @prompt, @sourceUuid, @createdAt) ON CONFLICT DO NOTHING`,
    ),
    link: db.prepare<[string, number, number]>(
      'UPDATE user_prompts SET source_uuid = ? WHERE session_id = ? AND prompt_number = ?',
    ),
  };
}

type Statements = ReturnType<typeof prepare>;

/** The writes of `user_prompts`, one instance (and one set of statements) per connection. */
export class PromptsRepo {
  private constructor(private readonly s: Statements) {}

  private static readonly byDb = new WeakMap<Database.Database, PromptsRepo>();

  static of(db: Database.Database): PromptsRepo {
    let r = PromptsRepo.byDb.get(db);
    if (!r) {
      r = new PromptsRepo(prepare(db));
      PromptsRepo.byDb.set(db, r);
    }
    return r;
  }

  /** Stores a prompt; false when the session already has one with its number (or its source). */
  insert(p: PromptWrite): boolean {
    return this.s.insert.run(p).changes > 0;
  }

  /** Records which transcript line a stored prompt came from. */
  linkSource(sessionId: number, promptNumber: number, sourceUuid: string): void {
    this.s.link.run(sourceUuid, sessionId, promptNumber);
  }
}
