/**
 * The ingest hot path's SQL, prepared once. Every tool call of every session goes through here, so
 * these are plain better-sqlite3 statements (drizzle rebuilds and re-prepares each query per call,
 * which cost more than SQLite's own work). Column names follow `drizzle/schema.ts`. Observations are
 * written by their repository (observations-repo.ts).
 */
import type Database from 'better-sqlite3';
import type { SessionStatus } from '../../../drizzle/schema.js';
import { ObservationsRepo, type ObservationInsert } from './observations-repo.js';
import { UNKNOWN_PROJECT } from './project.js';

export interface SessionRecord {
  id: number;
  claudeSessionId: string;
  project: string;
  cwd: string | null;
  promptCounter: number;
  currentPromptPrivate: boolean;
  status: SessionStatus;
}

interface RawSession {
  id: number;
  claude_session_id: string;
  project: string;
  cwd: string | null;
  prompt_counter: number;
  current_prompt_private: number;
  status: SessionStatus;
}

const SESSION_COLS = 'id, claude_session_id, project, cwd, prompt_counter, current_prompt_private, status';

function toSession(r: RawSession | undefined): SessionRecord | undefined {
  if (!r) return undefined;
  return {
    id: r.id,
    claudeSessionId: r.claude_session_id,
    project: r.project,
    cwd: r.cwd,
    promptCounter: r.prompt_counter,
    currentPromptPrivate: r.current_prompt_private === 1,
    status: r.status,
  };
}

/** A journaled hook event waiting for the projector. */
export interface UnprojectedEvent {
  id: number;
  event_name: string;
  received_at: number;
}

export function prepareIngestStatements(db: Database.Database) {
  const obs = ObservationsRepo.of(db);
  const s = {
    eventUidExists: db.prepare<[string], { id: number }>('SELECT id FROM events WHERE event_uid = ?'),
    findSession: db.prepare<[string], RawSession>(
      `SELECT ${SESSION_COLS} FROM sessions WHERE claude_session_id = ?`,
    ),
    insertEvent: db.prepare<
      [string, string | null, string, string | null, string, number, number],
      { id: number }
    >(
      `INSERT INTO events (event_name, claude_session_id, payload, event_uid, source, received_at, projected)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    ),
    hasUnprojected: db.prepare<[], { id: number }>('SELECT id FROM events WHERE projected = 0 LIMIT 1'),
    unprojected: db.prepare<[number], UnprojectedEvent>(
      'SELECT id, event_name, received_at FROM events WHERE projected = 0 ORDER BY id LIMIT ?',
    ),
    payloadOf: db.prepare<[number], string>('SELECT payload FROM events WHERE id = ?').pluck(),
    markProjected: db.prepare<[number, number]>('UPDATE events SET projected = ? WHERE id = ?'),
    upsertSession: db.prepare<
      [
        {
          sid: string;
          project: string;
          cwd: string | null;
          tp: string | null;
          at: number;
          worktree: string | null;
          branch: string | null;
        },
      ],
      RawSession
    >(
      `INSERT INTO sessions (claude_session_id, project, cwd, transcript_path, started_at, updated_at, worktree, branch)
       VALUES (@sid, @project, @cwd, @tp, @at, @at, @worktree, @branch)
       ON CONFLICT (claude_session_id) DO UPDATE SET
         updated_at = max(updated_at, excluded.updated_at),
         -- A session begun with no folder joins the project of the first event that names one.
         project = CASE WHEN cwd IS NULL AND excluded.cwd IS NOT NULL AND project = '${UNKNOWN_PROJECT}'
           THEN excluded.project ELSE project END,
         cwd = coalesce(cwd, excluded.cwd),
         transcript_path = coalesce(excluded.transcript_path, transcript_path)
       RETURNING ${SESSION_COLS}`,
    ),
    tagAgent: db.prepare<[{ agent: string; sid: string }]>(
      `UPDATE sessions SET agent = @agent WHERE claude_session_id = @sid AND agent <> @agent`,
    ),
    bumpPrompt: db.prepare<[{ priv: number; prompt: string; id: number }], { prompt_counter: number }>(
      `UPDATE sessions SET prompt_counter = prompt_counter + 1, status = 'active', current_prompt_private = @priv,
         first_prompt = CASE WHEN @priv = 1 THEN first_prompt ELSE coalesce(first_prompt, @prompt) END
       WHERE id = @id RETURNING prompt_counter`,
    ),
    insertPrompt: db.prepare<[number, number, string, number]>(
      `INSERT INTO user_prompts (session_id, prompt_number, prompt, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    ),
    completeSession: db.prepare<[{ at: number; reason: string | null; id: number }], RawSession>(
      `UPDATE sessions SET status = 'completed', completed_at = @at, completion_reason = @reason WHERE id = @id RETURNING ${SESSION_COLS}`,
    ),
  };
  return {
    eventUidExists: (uid: string): boolean => s.eventUidExists.get(uid) !== undefined,
    findSession: (claudeSessionId: string): SessionRecord | undefined =>
      toSession(s.findSession.get(claudeSessionId)),
    insertEvent: (
      name: string,
      sid: string | null,
      payload: string,
      uid: string | null,
      source: string,
      at: number,
      projected: 0 | 1 = 1,
    ): number => s.insertEvent.get(name, sid, payload, uid, source, at, projected)!.id,
    hasUnprojected: (): boolean => s.hasUnprojected.get() !== undefined,
    unprojected: (limit: number): UnprojectedEvent[] => s.unprojected.all(limit),
    payloadOf: (id: number): string | undefined => s.payloadOf.get(id),
    markProjected: (id: number, state: 1 | 2): void => void s.markProjected.run(state, id),
    upsertSession: (
      sid: string,
      project: string,
      cwd: string | null,
      transcriptPath: string | null,
      at: number,
      where: { worktree: string | null; branch: string | null } | null = null,
    ): SessionRecord =>
      toSession(
        s.upsertSession.get({
          sid,
          project,
          cwd,
          tp: transcriptPath,
          at,
          worktree: where?.worktree ?? null,
          branch: where?.branch ?? null,
        }),
      )!,
    /** Names the agent whose hooks recorded the session (the column defaults to Claude Code). */
    tagAgent: (sid: string, agent: string): void => void s.tagAgent.run({ agent, sid }),
    bumpPrompt: (sessionId: number, isPrivate: boolean, prompt: string): number =>
      s.bumpPrompt.get({ priv: isPrivate ? 1 : 0, prompt, id: sessionId })!.prompt_counter,
    insertPrompt: (sessionId: number, n: number, prompt: string, at: number): void =>
      void s.insertPrompt.run(sessionId, n, prompt, at),
    insertObservation: (o: ObservationInsert) => obs.insertCaptured(o),
    completeSession: (sessionId: number, reason: string | null, at: number): SessionRecord =>
      toSession(s.completeSession.get({ at, reason, id: sessionId }))!,
  };
}

export type IngestStatements = ReturnType<typeof prepareIngestStatements>;
