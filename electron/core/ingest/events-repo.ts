/**
 * The one writer of the `events` table, the journal of what the hooks and the other capture paths
 * received (tests/lint/table-owners.test.ts holds the rest of the code to that): a journaled event
 * and its projection state, the event a transcript-only prompt stands for, the deletions that go
 * with a session or an auto-memory note, and retention's compaction of a payload in place. Row
 * types come from `drizzle/schema.ts`; the SQL is plain better-sqlite3, prepared once per
 * connection, because every hook event is journaled here. Callers own the transaction.
 */
import type Database from 'better-sqlite3';
import type { events } from '../../../drizzle/schema.js';

/** An event as stored (drizzle's camelCase names). */
export type EventRow = typeof events.$inferSelect;

/** A new event: every column but the local id. `projected` 0 leaves it to the projector. */
export type EventWrite = Omit<EventRow, 'id' | 'projected'> & { projected: 0 | 1 };

/** One retention rewrite: the event's new payload, guarded by the length it was read with. */
export interface PayloadCompaction {
  id: number;
  value: string;
  check: number;
}

function prepare(db: Database.Database) {
  return {
    insert: db.prepare<
      [string, string | null, string, string | null, string, number, number],
      { id: number }
    >(
      `INSERT INTO events (event_name, claude_session_id, payload, event_uid, source, received_at, projected)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    ),
    markProjected: db.prepare<[number, number]>('UPDATE events SET projected = ? WHERE id = ?'),
    insertTranscriptPrompt: db.prepare<[string, string, string, number]>(
      `INSERT INTO events (event_name, claude_session_id, payload, event_uid, source, received_at)
       VALUES ('UserPromptSubmit', ?, ?, ?, 'transcript', ?) ON CONFLICT DO NOTHING`,
    ),
    removeOfSession: db.prepare<[string]>('DELETE FROM events WHERE claude_session_id = ?'),
    removeOfCall: db.prepare<[string, string]>(
      `DELETE FROM events WHERE claude_session_id = ? AND json_extract(payload, '$.tool_use_id') = ?`,
    ),
    compactPayload: db.prepare<[PayloadCompaction & { mark: string }]>(
      `UPDATE events SET payload = @value WHERE id = @id AND length(payload) = @check
         AND substr(payload, 1, length(@mark)) != @mark`,
    ),
  };
}

type Statements = ReturnType<typeof prepare>;

/** The writes of `events`, one instance (and one set of statements) per connection. */
export class EventsRepo {
  private constructor(private readonly s: Statements) {}

  private static readonly byDb = new WeakMap<Database.Database, EventsRepo>();

  static of(db: Database.Database): EventsRepo {
    let r = EventsRepo.byDb.get(db);
    if (!r) {
      r = new EventsRepo(prepare(db));
      EventsRepo.byDb.set(db, r);
    }
    return r;
  }

  /** Journals an event (its payload already cleaned); returns its id. */
  insert(e: EventWrite): number {
    const { eventName, claudeSessionId, payload, eventUid, source, receivedAt, projected } = e;
    return this.s.insert.get(eventName, claudeSessionId, payload, eventUid, source, receivedAt, projected)!
      .id;
  }

  /** 1: the event's rows exist; 2: projecting it failed (logged, not retried). */
  markProjected(id: number, state: 1 | 2): void {
    this.s.markProjected.run(state, id);
  }

  /** The prompt event of a prompt only the transcript had; its uid makes a second write a no-op. */
  insertTranscriptPrompt(claudeSessionId: string, payload: string, eventUid: string, at: number): void {
    this.s.insertTranscriptPrompt.run(claudeSessionId, payload, eventUid, at);
  }

  /** Deletes every event of a session. */
  removeOfSession(claudeSessionId: string): void {
    this.s.removeOfSession.run(claudeSessionId);
  }

  /** Deletes the events a session's tool call left (by its `tool_use_id`). */
  removeOfCall(claudeSessionId: string, toolUseId: string): void {
    this.s.removeOfCall.run(claudeSessionId, toolUseId);
  }

  /**
   * Replaces a settled event's payload with its compacted form (retention); false when the row
   * changed since it was read or its payload already starts with `markPrefix`.
   */
  compactPayload(c: PayloadCompaction, markPrefix: string): boolean {
    return (
      this.s.compactPayload.run({ id: c.id, value: c.value, check: c.check, mark: markPrefix }).changes > 0
    );
  }
}
