/**
 * The compression provider's state, as `GET /api/provider` answers it (Health, the Provider view,
 * first run). zod only: the renderer bundles this file.
 */
import { z } from 'zod';

const providerKindSchema = z.enum(['rules', 'anthropic', 'claude-code', 'openai-compatible']);

export const providerStateSchema = z.object({
  /** The provider in force (`provider.kind`, or automatic). */
  kind: providerKindSchema,
  /** `rate-limited`: waiting out a 429 or a usage limit until `waitUntil`; `failing`: the last call failed. */
  state: z.enum(['ok', 'failing', 'rate-limited']),
  waitUntil: z.number().int().nullable(),
  rateLimited: z.boolean(),
  lastOkAt: z.number().int().nullable(),
  /** Redacted and capped; never request content beyond what an error echoes. */
  lastError: z.object({ at: z.number().int(), message: z.string().max(1000) }).nullable(),
  /** The `claude` CLI for the claude-code provider: `provider.claudePath`, else found on PATH. */
  claude: z.object({ found: z.boolean(), path: z.string().nullable() }),
});
export type ProviderState = z.infer<typeof providerStateSchema>;
