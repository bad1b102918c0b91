/**
 * "What Claude will see": `GET /api/context/preview?project=` answers exactly the text SessionStart
 * injects for that project (the same builder as `GET /api/context/inject`), with its token count
 * and the settings that shape it. zod only (the renderer bundles it).
 */
import { z } from 'zod';

/** Settings not saved yet, to preview with (the limits of the settings' own schema). */
export const contextDraftSchema = z.object({
  tokenBudget: z.number().int().min(100).max(50_000).optional(),
  maxSummaries: z.number().int().min(0).max(50).optional(),
});

export const contextPreviewQuerySchema = contextDraftSchema.extend({
  project: z.string().min(1).max(200),
});

export const contextPreviewSchema = z.object({
  project: z.string(),
  /** The injected markdown; '' when nothing is injected (capture off or the folder excluded). */
  text: z.string(),
  /** MemTray's own estimate (the one the budget is enforced with; it overestimates a little). */
  tokens: z.number().int().nonnegative(),
  /** Why nothing is injected, or null. */
  reason: z.string().nullable(),
  /** The saved settings. */
  settings: z.object({ tokenBudget: z.number().int(), maxSummaries: z.number().int() }),
  /** What the text was built with: the saved settings, or the draft the request gave. */
  built: z.object({ tokenBudget: z.number().int(), maxSummaries: z.number().int() }),
});

export type ContextDraft = z.infer<typeof contextDraftSchema>;
export type ContextPreview = z.infer<typeof contextPreviewSchema>;
