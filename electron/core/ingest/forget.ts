/**
 * Deletions of what ingest owns: a session goes with its prompts, observations and summary (by
 * cascade), its events, and (through the queue, the jobs table's owner) its jobs.
 */
import type Database from 'better-sqlite3';
import type { JobQueue } from '../jobs/queue.js';
import { EventsRepo } from './events-repo.js';
import { SessionsRepo } from './sessions-repo.js';

export interface Forgotten {
  id: number;
  claudeSessionId: string;
  project: string;
}

export function prepareForget(db: Database.Database, jobs: JobQueue) {
  const find = db.prepare<[number], Forgotten>(
    'SELECT id, claude_session_id AS claudeSessionId, project FROM sessions WHERE id = ?',
  );
  const ofProject = db.prepare<[string], { id: number }>('SELECT id FROM sessions WHERE project = ?');
  const events = EventsRepo.of(db);
  const sessions = SessionsRepo.of(db);
  return {
    /** Deletes one session and everything below it (inside the caller's transaction). */
    session(id: number): Forgotten | null {
      const s = find.get(id);
      if (!s) return null;
      events.removeOfSession(s.claudeSessionId);
      // Session-level jobs (summary, episodes) carry the session's text in their payload.
      jobs.cancelForSession(id);
      sessions.remove(id);
      return s;
    },
    sessionsOf(project: string): number[] {
      return ofProject.all(project).map((r) => r.id);
    },
  };
}
