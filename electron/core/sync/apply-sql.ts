/** SQL of the merge (apply.ts): lookups by stable id, inserts, newer-wins updates, deletions. */
import type Database from 'better-sqlite3';
import { SESSION_COLS, type SessionRow } from './rows.js';

const OBS_FIELDS = `prompt_number = @promptNumber, tool_name = @toolName, tool_input = @toolInput,
  tool_response = @toolResponse, failed = @failed, cwd = @cwd, type = @type, title = @title, subtitle = @subtitle,
  facts = @facts, narrative = @narrative, concepts = @concepts, files_read = @filesRead,
  files_modified = @filesModified, produced_by = @producedBy, status = @status, updated_at = @updatedAt`;

/** The statements of apply.ts (one set per connection). */
export function prepareApply(db: Database.Database) {
  return {
    tombstoned: db.prepare<[string, string], { n: number }>(
      'SELECT 1 AS n FROM sync_tombstones WHERE kind = ? AND uid = ?',
    ),
    addTombstone: db.prepare<[string, string, string | null, number]>(
      'INSERT OR IGNORE INTO sync_tombstones (kind, uid, author, deleted_at) VALUES (?, ?, ?, ?)',
    ),
    session: db.prepare<[string], SessionRow>(
      `SELECT ${SESSION_COLS} FROM sessions WHERE claude_session_id = ?`,
    ),
    insertSession: db.prepare<[Record<string, unknown>], { id: number }>(
      `INSERT INTO sessions (claude_session_id, project, cwd, first_prompt, prompt_counter, status, completion_reason,
         started_at, updated_at, completed_at, origin)
       VALUES (@uid, @project, @cwd, @firstPrompt, @promptCounter, @status, @completionReason, @startedAt, @updatedAt,
         @completedAt, @origin) RETURNING id`,
    ),
    updateSession: db.prepare<[Record<string, unknown>]>(
      `UPDATE sessions SET project = @project, cwd = @cwd, first_prompt = @firstPrompt, prompt_counter = @promptCounter,
         status = @status, completion_reason = @completionReason, started_at = @startedAt, updated_at = @updatedAt,
         completed_at = @completedAt WHERE id = @id`,
    ),
    touchProject: db.prepare<[{ name: string; at: number }]>(
      `INSERT INTO projects (name, created_at, last_activity_at) VALUES (@name, @at, @at)
       ON CONFLICT (name) DO UPDATE SET last_activity_at = max(coalesce(last_activity_at, 0), excluded.last_activity_at)`,
    ),
    insertPrompt: db.prepare<[number, number, string, string | null, number]>(
      `INSERT INTO user_prompts (session_id, prompt_number, prompt, source_uuid, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    ),
    obsByUid: db.prepare<[string], { id: number; uid: string | null; updated_at: number }>(
      'SELECT id, uid, updated_at FROM observations WHERE uid = ?',
    ),
    obsByTool: db.prepare<[number, string], { id: number; uid: string | null; updated_at: number }>(
      'SELECT id, uid, updated_at FROM observations WHERE session_id = ? AND tool_use_id = ?',
    ),
    insertObs: db.prepare<[Record<string, unknown>]>(
      `INSERT INTO observations (session_id, prompt_number, tool_name, tool_use_id, tool_input, tool_response, failed,
         cwd, created_at, updated_at, type, title, subtitle, facts, narrative, concepts, files_read, files_modified,
         produced_by, status, uid)
       VALUES (@sessionId, @promptNumber, @toolName, @toolUseId, @toolInput, @toolResponse, @failed, @cwd, @createdAt,
         @updatedAt, @type, @title, @subtitle, @facts, @narrative, @concepts, @filesRead, @filesModified, @producedBy,
         @status, @uid)`,
    ),
    updateObs: db.prepare<[Record<string, unknown>]>(
      `UPDATE observations SET ${OBS_FIELDS}, uid = coalesce(uid, @uid) WHERE id = @id`,
    ),
    setObsUid: db.prepare<[{ uid: string; id: number }]>(
      'UPDATE observations SET uid = @uid WHERE id = @id AND uid IS NULL AND NOT EXISTS (SELECT 1 FROM observations WHERE uid = @uid)',
    ),
    summary: db.prepare<[number], { updated_at: number }>(
      'SELECT updated_at FROM session_summaries WHERE session_id = ?',
    ),
    upsertSummary: db.prepare<[Record<string, unknown>]>(
      `INSERT INTO session_summaries (session_id, prompt_number, request, investigated, learned, completed, next_steps,
         files_read, files_edited, notes, produced_by, created_at, updated_at)
       VALUES (@sessionId, @promptNumber, @request, @investigated, @learned, @completed, @nextSteps, @filesRead,
         @filesEdited, @notes, @producedBy, @createdAt, @updatedAt)
       ON CONFLICT (session_id) DO UPDATE SET prompt_number = excluded.prompt_number, request = excluded.request,
         investigated = excluded.investigated, learned = excluded.learned, completed = excluded.completed,
         next_steps = excluded.next_steps, files_read = excluded.files_read, files_edited = excluded.files_edited,
         notes = excluded.notes, produced_by = excluded.produced_by, updated_at = excluded.updated_at`,
    ),
    deleteSessionEvents: db.prepare<[string]>('DELETE FROM events WHERE claude_session_id = ?'),
    deleteSessionJobs: db.prepare<[{ id: number }]>(
      `DELETE FROM jobs WHERE (kind IN ('summarize', 'episode') AND subject_id = @id)
         OR (kind = 'observe' AND subject_id IN (SELECT id FROM observations WHERE session_id = @id))`,
    ),
    deleteSession: db.prepare<[number]>('DELETE FROM sessions WHERE id = ?'),
    deleteObsJobs: db.prepare<[number]>("DELETE FROM jobs WHERE kind = 'observe' AND subject_id = ?"),
    deleteObs: db.prepare<[number]>('DELETE FROM observations WHERE id = ?'),
    setCapture: db.prepare<[{ name: string; on: number; at: number }]>(
      `INSERT INTO projects (name, capture_enabled, created_at) VALUES (@name, @on, @at)
       ON CONFLICT (name) DO UPDATE SET capture_enabled = excluded.capture_enabled`,
    ),
  };
}
