/**
 * Semantic search's state as the service reports it (`GET /api/health/embeddings`) and the
 * Provider view shows it. zod only: the renderer bundles this file.
 */
import { z } from 'zod';

const embeddingsStateSchema = z.enum([
  /** No provider configured: search is lexical only, nothing is embedded. */
  'off',
  /** Every memory embedded under the current model. */
  'ready',
  /** Embedding new memories, or re-embedding after a model change. */
  'indexing',
  /** The last provider call failed (down, slow, wrong dimension, refused key): retried with backoff. */
  'error',
  /** sqlite-vec could not be loaded on this platform. */
  'unavailable',
]);

export const embeddingsStatusSchema = z
  .object({
    state: embeddingsStateSchema,
    kind: z.enum(['none', 'openai-compatible', 'voyage']),
    model: z.string(),
    /** The vectors' dimension, once the provider answered (or as configured). */
    dimensions: z.number().int().positive().nullable(),
    /** Memories (observations, summaries, prompts) embedded under this model, of `total`. */
    embedded: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    /** Why the last indexing call failed (null after a success). */
    lastError: z.string().nullable(),
    lastErrorAt: z.number().int().nullable(),
    /** Why the last search ran without vectors (provider down or slow), null once a query vector came back. */
    queryError: z.string().nullable(),
    queryErrorAt: z.number().int().nullable(),
    /** The next indexing retry (ms epoch) while in `error`. */
    retryAt: z.number().int().nullable(),
  })
  .strict();

export type EmbeddingsStatus = z.infer<typeof embeddingsStatusSchema>;

/** `POST /api/embeddings/reindex`: drop every vector and embed everything again. */
export const reindexResponseSchema = z.object({ ok: z.literal(true), total: z.number().int() }).strict();
