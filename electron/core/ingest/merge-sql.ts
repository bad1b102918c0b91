/**
 * Ingest of records from another machine (an archive import, a synced folder): the statements of
 * the merge that sync/apply.ts runs, kept here because ingest owns sessions, prompts, observations
 * and summaries (each written through its repository). Lookups by stable id, inserts, newer-wins
 * updates, stable uids, one memory's deletion.
 */
import type Database from 'better-sqlite3';
import type { JobQueue } from '../jobs/queue.js';
import { ObservationsRepo } from './observations-repo.js';
import { PromptsRepo } from './prompts-repo.js';
import { SessionsRepo } from './sessions-repo.js';
import { SummariesRepo } from './summaries-repo.js';

/** A session as sync reads it (SQL's names). */
export interface SessionSqlRow {
  id: number;
  claude_session_id: string;
  project: string;
  cwd: string | null;
  first_prompt: string | null;
  prompt_counter: number;
  status: 'initialized' | 'active' | 'completed';
  completion_reason: string | null;
  started_at: number;
  updated_at: number;
  completed_at: number | null;
  origin: string | null;
}

export const SESSION_COLS = `id, claude_session_id, project, cwd, first_prompt, prompt_counter, status,
  completion_reason, started_at, updated_at, completed_at, origin`;

/** The merge's statements (sync/apply.ts drives them; one set per connection). */
export function prepareMerge(db: Database.Database) {
  return {
    /** The observations' writes (insertMerged, updateMerged, adoptUid). */
    obs: ObservationsRepo.of(db),
    session: db.prepare<[string], SessionSqlRow>(
      `SELECT ${SESSION_COLS} FROM sessions WHERE claude_session_id = ?`,
    ),
    /** The sessions' writes (insertMerged, updateMerged). */
    sessions: SessionsRepo.of(db),
    hasPrompt: db.prepare<[number, number], { n: number }>(
      'SELECT 1 AS n FROM user_prompts WHERE session_id = ? AND prompt_number = ?',
    ),
    /** The prompts' write (insert). */
    prompts: PromptsRepo.of(db),
    sessionById: db.prepare<[number], SessionSqlRow>(`SELECT ${SESSION_COLS} FROM sessions WHERE id = ?`),
    obsByUid: db.prepare<
      [string],
      { id: number; uid: string | null; updated_at: number; session_id: number }
    >('SELECT id, uid, updated_at, session_id FROM observations WHERE uid = ?'),
    obsByTool: db.prepare<[number, string], { id: number; uid: string | null; updated_at: number }>(
      'SELECT id, uid, updated_at FROM observations WHERE session_id = ? AND tool_use_id = ?',
    ),
    summary: db.prepare<[number], { updated_at: number }>(
      'SELECT updated_at FROM session_summaries WHERE session_id = ?',
    ),
    /** The summaries' write (upsert). */
    summaries: SummariesRepo.of(db),
  };
}

/** Gives a session's observations their stable uid (`<session>/<tool_use_id>`, else random). */
export function prepareGiveUids(db: Database.Database): (claudeSessionId: string, sessionId: number) => void {
  const obs = ObservationsRepo.of(db);
  return (cid, sid) => obs.giveUids(cid, sid);
}

/** Deletes one memory and its job (inside the caller's transaction); false when there is none. */
export function prepareForgetObservation(db: Database.Database, jobs: JobQueue): (id: number) => boolean {
  const obs = ObservationsRepo.of(db);
  return (id) => {
    jobs.cancelForObservation(id);
    return obs.remove(id);
  };
}
