/**
 * The ingest hot path's SQL, prepared once. Every tool call of every session goes through here, so
 * these are plain better-sqlite3 statements (drizzle rebuilds and re-prepares each query per call,
 * which cost more than SQLite's own work). Column names follow `drizzle/schema.ts`. Events,
 * sessions, prompts and observations are written by their repositories (events-repo.ts,
 * sessions-repo.ts, prompts-repo.ts, observations-repo.ts); the reads are here.
 */
import type Database from 'better-sqlite3';
import { EventsRepo } from './events-repo.js';
import { ObservationsRepo, type ObservationInsert } from './observations-repo.js';
import { PromptsRepo } from './prompts-repo.js';
import { SessionsRepo, type SessionRecord } from './sessions-repo.js';

export type { SessionRecord } from './sessions-repo.js';

/** A journaled hook event waiting for the projector. */
export interface UnprojectedEvent {
  id: number;
  event_name: string;
  received_at: number;
}

export function prepareIngestStatements(db: Database.Database) {
  const obs = ObservationsRepo.of(db);
  const sessions = SessionsRepo.of(db);
  const prompts = PromptsRepo.of(db);
  const events = EventsRepo.of(db);
  const s = {
    eventUidExists: db.prepare<[string], { id: number }>('SELECT id FROM events WHERE event_uid = ?'),
    hasUnprojected: db.prepare<[], { id: number }>('SELECT id FROM events WHERE projected = 0 LIMIT 1'),
    unprojected: db.prepare<[number], UnprojectedEvent>(
      'SELECT id, event_name, received_at FROM events WHERE projected = 0 ORDER BY id LIMIT ?',
    ),
    payloadOf: db.prepare<[number], string>('SELECT payload FROM events WHERE id = ?').pluck(),
  };
  return {
    eventUidExists: (uid: string): boolean => s.eventUidExists.get(uid) !== undefined,
    findSession: (claudeSessionId: string): SessionRecord | undefined => sessions.find(claudeSessionId),
    insertEvent: (
      name: string,
      sid: string | null,
      payload: string,
      uid: string | null,
      source: string,
      at: number,
      projected: 0 | 1 = 1,
    ): number =>
      events.insert({
        eventName: name,
        claudeSessionId: sid,
        payload,
        eventUid: uid,
        source,
        receivedAt: at,
        projected,
      }),
    hasUnprojected: (): boolean => s.hasUnprojected.get() !== undefined,
    unprojected: (limit: number): UnprojectedEvent[] => s.unprojected.all(limit),
    payloadOf: (id: number): string | undefined => s.payloadOf.get(id),
    markProjected: (id: number, state: 1 | 2): void => events.markProjected(id, state),
    upsertSession: (
      sid: string,
      project: string,
      cwd: string | null,
      transcriptPath: string | null,
      at: number,
      where: { worktree: string | null; branch: string | null } | null = null,
    ): SessionRecord =>
      sessions.upsertSeen({
        claudeSessionId: sid,
        project,
        cwd,
        transcriptPath,
        at,
        worktree: where?.worktree ?? null,
        branch: where?.branch ?? null,
      }),
    /** Names the agent whose hooks recorded the session (the column defaults to Claude Code). */
    tagAgent: (sid: string, agent: string): void => sessions.tagAgent(sid, agent),
    bumpPrompt: (sessionId: number, isPrivate: boolean, prompt: string): number =>
      sessions.bumpPrompt(sessionId, isPrivate, prompt),
    insertPrompt: (sessionId: number, n: number, prompt: string, at: number): void =>
      void prompts.insert({ sessionId, promptNumber: n, prompt, sourceUuid: null, createdAt: at }),
    insertObservation: (o: ObservationInsert) => obs.insertCaptured(o),
    completeSession: (sessionId: number, reason: string | null, at: number): SessionRecord =>
      sessions.complete(sessionId, reason, at),
  };
}

export type IngestStatements = ReturnType<typeof prepareIngestStatements>;
