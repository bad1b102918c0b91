/** Service health: `GET /api/health`, `/api/health/quarantine`, `/api/health/redaction`, `/api/status`. */
import { z } from 'zod';
import { epochMs } from './common';
import { queueCounts } from './queue';

export const health = z.strictObject({
  ok: z.boolean(),
  version: z.string(),
  uptimeMs: z.number().nonnegative(),
  /** Work items that failed and are skipped (poison pills); listed by `GET /api/health/quarantine`. */
  quarantined: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof health>;

/** One quarantined work item: a transcript, a spool file or a session's reconciliation. */
const quarantineItem = z.strictObject({
  kind: z.string(),
  /** A file path, a spool file name or a Claude session id. */
  item: z.string(),
  /** Why it was refused or failed (never its content). */
  reason: z.string(),
  failures: z.number().int().positive(),
  firstAt: epochMs,
  lastAt: epochMs,
});
export type QuarantineItem = z.infer<typeof quarantineItem>;

export const quarantineList = z.strictObject({ items: z.array(quarantineItem) });
export type QuarantineList = z.infer<typeof quarantineList>;

/** A custom redaction pattern: active, invalid for RE2, or disabled for its cost (with why). */
const customPatternStatus = z.strictObject({
  pattern: z.string(),
  state: z.enum(['active', 'invalid', 'disabled']),
  reason: z.string().nullable(),
  disabledAt: epochMs.nullable(),
});
export type CustomPatternStatus = z.infer<typeof customPatternStatus>;

export const redactionHealth = z.strictObject({
  ok: z.boolean(),
  customPatterns: z.array(customPatternStatus),
});
export type RedactionHealth = z.infer<typeof redactionHealth>;

const rowCounts = z.strictObject({
  sessions: z.number().int().nonnegative(),
  prompts: z.number().int().nonnegative(),
  observations: z.number().int().nonnegative(),
  summaries: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
});
export type RowCounts = z.infer<typeof rowCounts>;

export const status = health.extend({
  dataDir: z.string(),
  paused: z.boolean(),
  counts: rowCounts,
  queue: queueCounts,
  streamClients: z.number().int().nonnegative(),
});
export type Status = z.infer<typeof status>;
