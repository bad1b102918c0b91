/**
 * The API key's health (`GET /api/provider/key`, `POST /api/provider/key/test`). zod only: the
 * renderer bundles this file, the core validates its answers with it, tests parse with it.
 */
import { z } from 'zod';

const keyStateSchema = z.enum(['none', 'unknown', 'valid', 'invalid', 'unreachable']);

export const keyStatusSchema = z.object({
  /**
   * none: no key set; unknown: not tried since it was set; valid: the provider accepted it;
   * invalid: answered 401/403 (wrong, revoked or expired key); unreachable: no answer (network).
   */
  state: keyStateSchema,
  /** The provider's words (redacted, capped), or null. Never the key. */
  message: z.string().max(400).nullable(),
  /** When it was last tried (ms epoch): by "Test key" or by a compression call. */
  checkedAt: z.number().int().nonnegative().nullable(),
  /** What tried it last. */
  source: z.enum(['test', 'compression']).nullable(),
});

export type KeyStatus = z.infer<typeof keyStatusSchema>;

/** `POST /api/provider/key/test` takes no fields. */
export const keyTestBodySchema = z.object({}).strict();
