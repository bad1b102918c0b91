/**
 * The one writer of the `sessions` table: every INSERT, UPDATE and DELETE of a session in the core
 * is a method here (tests/lint/table-owners.test.ts holds the rest of the code to that): hooks and
 * the claude-mem-compatible API (through statements.ts), transcript reconciliation, sync's merge,
 * deletions and the one-time upgrade to project identity. Row types come from `drizzle/schema.ts`;
 * the SQL is plain better-sqlite3, prepared once per connection, because every hook event upserts
 * its session. Callers own the transaction.
 */
import type Database from 'better-sqlite3';
import type { sessions } from '../../../drizzle/schema.js';
import { UNKNOWN_PROJECT } from './project.js';

/** A session as stored (drizzle's camelCase names; `currentPromptPrivate` a boolean). */
export type SessionRow = typeof sessions.$inferSelect;

/** What ingest needs of a session to write below it. */
export type SessionRecord = Pick<
  SessionRow,
  'id' | 'claudeSessionId' | 'project' | 'cwd' | 'promptCounter' | 'currentPromptPrivate' | 'status'
>;

/** A hook's session: where it runs and when; the worktree and branch only on first sight. */
export interface SessionSighting {
  claudeSessionId: string;
  project: string;
  cwd: string | null;
  transcriptPath: string | null;
  at: number;
  worktree: string | null;
  branch: string | null;
}

/** The fields sync's merge writes (a session from another machine, or its newer copy). */
export type MergedSessionFields = Pick<
  SessionRow,
  | 'project'
  | 'cwd'
  | 'firstPrompt'
  | 'promptCounter'
  | 'status'
  | 'completionReason'
  | 'startedAt'
  | 'updatedAt'
  | 'completedAt'
>;

/** A session from another machine: its stable id (`uid`, Claude Code's session id) and origin. */
export type MergedSession = MergedSessionFields & { uid: string; origin: string | null };

type SqlRecord = Omit<SessionRecord, 'currentPromptPrivate'> & { currentPromptPrivate: number };

const RECORD_COLS = `id, claude_session_id AS claudeSessionId, project, cwd, prompt_counter AS promptCounter,
  current_prompt_private AS currentPromptPrivate, status`;

const toRecord = (r: SqlRecord): SessionRecord => ({
  ...r,
  currentPromptPrivate: r.currentPromptPrivate === 1,
});

const UPSERT_SEEN = `INSERT INTO sessions (claude_session_id, project, cwd, transcript_path, started_at, updated_at,
    worktree, branch)
  VALUES (@claudeSessionId, @project, @cwd, @transcriptPath, @at, @at, @worktree, @branch)
  ON CONFLICT (claude_session_id) DO UPDATE SET
    updated_at = max(updated_at, excluded.updated_at),
    -- A session begun with no folder joins the project of the first event that names one.
    project = CASE WHEN cwd IS NULL AND excluded.cwd IS NOT NULL AND project = '${UNKNOWN_PROJECT}'
      THEN excluded.project ELSE project END,
    cwd = coalesce(cwd, excluded.cwd),
    transcript_path = coalesce(excluded.transcript_path, transcript_path)
  RETURNING ${RECORD_COLS}`;

function prepare(db: Database.Database) {
  return {
    find: db.prepare<[string], SqlRecord>(`SELECT ${RECORD_COLS} FROM sessions WHERE claude_session_id = ?`),
    upsertSeen: db.prepare<[SessionSighting], SqlRecord>(UPSERT_SEEN),
    tagAgent: db.prepare<[{ agent: string; sid: string }]>(
      'UPDATE sessions SET agent = @agent WHERE claude_session_id = @sid AND agent <> @agent',
    ),
    bumpPrompt: db.prepare<[{ priv: number; prompt: string; id: number }], { n: number }>(
      `UPDATE sessions SET prompt_counter = prompt_counter + 1, status = 'active', current_prompt_private = @priv,
         first_prompt = CASE WHEN @priv = 1 THEN first_prompt ELSE coalesce(first_prompt, @prompt) END
       WHERE id = @id RETURNING prompt_counter AS n`,
    ),
    complete: db.prepare<[{ at: number; reason: string | null; id: number }], SqlRecord>(
      `UPDATE sessions SET status = 'completed', completed_at = @at, completion_reason = @reason WHERE id = @id
       RETURNING ${RECORD_COLS}`,
    ),
    countPrompt: db.prepare<[{ n: number; text: string; at: number; id: number }]>(
      `UPDATE sessions SET prompt_counter = max(prompt_counter, @n), first_prompt = coalesce(first_prompt, @text),
         updated_at = max(updated_at, @at) WHERE id = @id`,
    ),
    insertMerged: db.prepare<[MergedSession], { id: number }>(
      `INSERT INTO sessions (claude_session_id, project, cwd, first_prompt, prompt_counter, status, completion_reason,
         started_at, updated_at, completed_at, origin)
       VALUES (@uid, @project, @cwd, @firstPrompt, @promptCounter, @status, @completionReason, @startedAt, @updatedAt,
         @completedAt, @origin) RETURNING id`,
    ),
    updateMerged: db.prepare<[MergedSessionFields & { id: number }]>(
      `UPDATE sessions SET project = @project, cwd = @cwd, first_prompt = @firstPrompt, prompt_counter = @promptCounter,
         status = @status, completion_reason = @completionReason, started_at = @startedAt, updated_at = @updatedAt,
         completed_at = @completedAt WHERE id = @id`,
    ),
    move: db.prepare<[string, string | null, string, string]>(
      'UPDATE sessions SET project = ?, worktree = coalesce(worktree, ?) WHERE project = ? AND cwd = ?',
    ),
    remove: db.prepare<[number]>('DELETE FROM sessions WHERE id = ?'),
  };
}

type Statements = ReturnType<typeof prepare>;

/** The writes of `sessions`, one instance (and one set of statements) per connection. */
export class SessionsRepo {
  private constructor(private readonly s: Statements) {}

  private static readonly byDb = new WeakMap<Database.Database, SessionsRepo>();

  static of(db: Database.Database): SessionsRepo {
    let r = SessionsRepo.byDb.get(db);
    if (!r) {
      r = new SessionsRepo(prepare(db));
      SessionsRepo.byDb.set(db, r);
    }
    return r;
  }

  find(claudeSessionId: string): SessionRecord | undefined {
    const r = this.s.find.get(claudeSessionId);
    return r && toRecord(r);
  }

  /** Creates the session a hook event names, or updates when it was last seen (and its folder). */
  upsertSeen(s: SessionSighting): SessionRecord {
    return toRecord(this.s.upsertSeen.get(s)!);
  }

  /** Names the agent whose hooks recorded the session (the column defaults to Claude Code). */
  tagAgent(claudeSessionId: string, agent: string): void {
    this.s.tagAgent.run({ agent, sid: claudeSessionId });
  }

  /** Counts a new prompt (the first public one names the session); returns its number. */
  bumpPrompt(id: number, isPrivate: boolean, prompt: string): number {
    return this.s.bumpPrompt.get({ priv: isPrivate ? 1 : 0, prompt, id })!.n;
  }

  complete(id: number, reason: string | null, at: number): SessionRecord {
    return toRecord(this.s.complete.get({ at, reason, id })!);
  }

  /** A prompt only the transcript had: the counter reaches it, the first prompt is kept. */
  countTranscriptPrompt(id: number, n: number, text: string, at: number): void {
    this.s.countPrompt.run({ n, text, at, id });
  }

  /** A session from another machine; returns its local id. */
  insertMerged(s: MergedSession): number {
    return this.s.insertMerged.get(s)!.id;
  }

  /** Overwrites a session's mergeable fields with their merged values. */
  updateMerged(id: number, s: MergedSessionFields): void {
    this.s.updateMerged.run({ ...s, id });
  }

  /** Moves a legacy project's sessions run in `cwd` to `project` (the upgrade to project identity). */
  moveLegacy(fromProject: string, cwd: string, project: string, worktree: string | null): void {
    this.s.move.run(project, worktree, fromProject, cwd);
  }

  /** Deletes a session; its prompts, observations and summary go with it by cascade. */
  remove(id: number): void {
    this.s.remove.run(id);
  }
}
