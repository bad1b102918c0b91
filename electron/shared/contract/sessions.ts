/**
 * Sessions: `GET /api/sessions`, `GET|DELETE /api/sessions/:id`, `GET /api/sessions/:id/state`.
 */
import { z } from 'zod';
import { agentId } from './agents';
import { epochMs, id, page, projectName } from './common';
import { observation } from './observations';

const SESSION_STATUSES = ['initialized', 'active', 'completed'] as const;
export const sessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof sessionStatus>;

export const session = z.strictObject({
  id,
  claudeSessionId: z.string(),
  project: z.string(),
  cwd: z.string().nullable(),
  transcriptPath: z.string().nullable(),
  firstPrompt: z.string().nullable(),
  promptCounter: z.number().int().nonnegative(),
  status: sessionStatus,
  completionReason: z.string().nullable(),
  startedAt: epochMs,
  updatedAt: epochMs,
  completedAt: epochMs.nullable(),
  /** The worktree (its top level) and branch the session started in, when in a git repository. */
  worktree: z.string().nullable().optional(),
  branch: z.string().nullable().optional(),
  /** The coding agent whose hooks recorded the session. */
  agent: agentId.optional(),
});
export type Session = z.infer<typeof session>;

const sessionListItem = session.extend({
  observationCount: z.number().int().nonnegative(),
  summaryRequest: z.string().nullable(),
});
export type SessionListItem = z.infer<typeof sessionListItem>;

/**
 * `GET /api/sessions?project=&q=&limit=&cursor=`: newest first; the cursor is the last id of a page.
 * `q` keeps the sessions whose prompts, summary request, project, folder or id contain it.
 */
export const SESSIONS_LIMIT = { default: 20, min: 1, max: 200 } as const;
export const sessionListQuery = z.strictObject({
  project: projectName.optional(),
  q: z.string().trim().min(1).max(200).optional(),
  limit: z.number().int().min(SESSIONS_LIMIT.min).max(SESSIONS_LIMIT.max).optional(),
  cursor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type SessionListQuery = z.infer<typeof sessionListQuery>;
export const sessionPage = page(sessionListItem, id);

export const prompt = z.strictObject({
  id,
  promptNumber: z.number().int().nonnegative(),
  prompt: z.string(),
  createdAt: epochMs,
});
export type Prompt = z.infer<typeof prompt>;

export const summary = z.strictObject({
  id,
  sessionId: id,
  promptNumber: z.number().int().nonnegative(),
  request: z.string().nullable(),
  investigated: z.string().nullable(),
  learned: z.string().nullable(),
  completed: z.string().nullable(),
  nextSteps: z.string().nullable(),
  filesRead: z.array(z.string()),
  filesEdited: z.array(z.string()),
  notes: z.string().nullable(),
  producedBy: z.string().nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type Summary = z.infer<typeof summary>;

export const sessionDetail = z.strictObject({
  session,
  prompts: z.array(prompt),
  observations: z.array(observation),
  summary: summary.nullable(),
});
export type SessionDetail = z.infer<typeof sessionDetail>;

export const sessionDeleted = z.strictObject({ deleted: z.literal(true), id });

const stamped = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ timestamp: z.string(), ...shape });

/** Session state derived from its events, in claude-mem's `state.json` shape (snake_case). */
export const sessionState = z.strictObject({
  session_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  session_active: z.boolean(),
  agents: z.array(z.string()),
  agents_history: z.array(
    z.strictObject({ name: z.string(), started_at: z.string(), completed_at: z.string().optional() }),
  ),
  files: z.strictObject({ new: z.array(z.string()), edited: z.array(z.string()), read: z.array(z.string()) }),
  tools_used: z.record(z.string(), z.number().int().nonnegative()),
  errors: z.array(
    stamped({ type: z.string(), message: z.string(), context: z.record(z.string(), z.unknown()).optional() }),
  ),
  prompts: z.array(stamped({ prompt: z.string() })),
  notifications: z.array(stamped({ message: z.string() })),
});
export type SessionState = z.infer<typeof sessionState>;
