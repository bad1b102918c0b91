/** Observations (one remembered tool call, decision, episode, …): `GET /api/observations/:id`. */
import { z } from 'zod';
import { epochMs, id } from './common';

const OBSERVATION_STATUSES = ['pending', 'processed', 'failed'] as const;
export const observationStatus = z.enum(OBSERVATION_STATUSES);

/** The types compression asks the model for (one per memory). */
export const COMPRESSION_TYPES = [
  'bugfix',
  'feature',
  'refactor',
  'change',
  'discovery',
  'decision',
  'test',
  'build',
  'command',
  'failure',
  'delegation',
] as const;

/**
 * Every type MemTray itself writes: compression's, the remembered rows' (episodes, compactions) and
 * the notes of Claude Code's own auto memory (`memory`).
 */
export const OBSERVATION_TYPES = ['episode', ...COMPRESSION_TYPES, 'compaction', 'memory'] as const;

export const observation = z.strictObject({
  id,
  sessionId: id,
  promptNumber: z.number().int().nonnegative(),
  toolName: z.string(),
  toolUseId: z.string().nullable(),
  failed: z.boolean(),
  cwd: z.string().nullable(),
  createdAt: epochMs,
  /**
   * Usually one of `OBSERVATION_TYPES`, but text: a model may answer another type (kept, lowercased),
   * and the claude-mem-compatible API and other machines' sync records store theirs as given.
   */
  type: z.string().nullable(),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  facts: z.array(z.string()),
  narrative: z.string().nullable(),
  concepts: z.array(z.string()),
  filesRead: z.array(z.string()),
  filesModified: z.array(z.string()),
  producedBy: z.string().nullable(),
  status: observationStatus,
  /** Only from `getObservation` (raw, after redaction; may be dropped by retention). */
  toolInput: z.unknown().optional(),
  toolResponse: z.unknown().optional(),
});
export type Observation = z.infer<typeof observation>;
