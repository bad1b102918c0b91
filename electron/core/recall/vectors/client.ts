/**
 * Embedding providers: an OpenAI-compatible `/embeddings` endpoint (OpenAI, Ollama, LM Studio,
 * llama.cpp server, …) through the `openai` client, and Voyage AI. Both answer vectors in input
 * order, or throw an `EmbedError` that says why in words fit for Health.
 */
import { z } from 'zod';
import type { EmbeddingsSettings } from '../../../shared/contract/settings.js';
import { loadedOpenAi, loadOpenAi } from '../../util/sdks.js';
import type OpenAI from 'openai';

export type Role = 'document' | 'query';

export interface EmbeddingClient {
  embed(texts: string[], role: Role, signal?: AbortSignal): Promise<Float32Array[]>;
}

export class EmbedError extends Error {}

const VOYAGE_URL = 'https://api.voyageai.com/v1';
const voyageAnswer = z.object({
  data: z.array(z.object({ embedding: z.array(z.number()), index: z.number().int() })),
});

/** Errors in one line, without echoing request bodies (memory text) or keys. */
function explain(err: unknown, where: string): EmbedError {
  if (err instanceof EmbedError) return err;
  const Sdk = loadedOpenAi();
  if (Sdk && err instanceof Sdk.APIError && err.status !== undefined)
    return new EmbedError(`${where} answered HTTP ${err.status}`);
  const e = err as Error;
  if (e.name === 'AbortError' || /abort|timed? ?out/i.test(e.message ?? ''))
    return new EmbedError(`${where} did not answer in time`);
  return new EmbedError(`${where} unreachable: ${(e.message ?? String(err)).slice(0, 200)}`);
}

function toVectors(rows: Array<{ embedding: number[]; index: number }>, n: number): Float32Array[] {
  if (rows.length !== n) throw new EmbedError(`provider returned ${rows.length} vectors for ${n} texts`);
  const out = new Array<Float32Array>(n);
  for (const r of rows) {
    if (r.index < 0 || r.index >= n) throw new EmbedError('provider returned a vector out of order');
    const v = Float32Array.from(r.embedding);
    if (v.length === 0 || !v.every(Number.isFinite))
      throw new EmbedError('provider returned an invalid vector');
    out[r.index] = v;
  }
  return out;
}

export function createEmbeddingClient(
  cfg: EmbeddingsSettings,
  key: string | null,
  timeoutMs: number,
): EmbeddingClient | null {
  if (cfg.kind === 'openai-compatible') {
    if (!cfg.baseUrl) return null;
    const where = new URL(cfg.baseUrl).host;
    const baseURL = cfg.baseUrl;
    // Made by the first request, which loads the SDK (util/sdks.ts), not when the settings are read.
    let api: OpenAI | null = null;
    return {
      async embed(texts, _role, signal) {
        try {
          api ??= new (await loadOpenAi())({
            baseURL,
            // Local servers (Ollama, LM Studio) need none; the client insists on a string.
            apiKey: key ?? 'none',
            timeout: timeoutMs,
            maxRetries: 0,
          });
          const r = await api.embeddings.create(
            {
              model: cfg.model,
              input: texts,
              encoding_format: 'float',
              ...(cfg.dimensions !== null ? { dimensions: cfg.dimensions } : {}),
            },
            signal ? { signal } : {},
          );
          return toVectors(r.data, texts.length);
        } catch (err) {
          throw explain(err, where);
        }
      },
    };
  }
  if (cfg.kind === 'voyage') {
    if (!key) return null;
    const base = (cfg.baseUrl ?? VOYAGE_URL).replace(/\/$/, '');
    const where = new URL(base).host;
    return {
      async embed(texts, role, signal) {
        const timeout = AbortSignal.timeout(timeoutMs);
        try {
          const res = await fetch(`${base}/embeddings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body: JSON.stringify({
              input: texts,
              model: cfg.model,
              input_type: role,
              ...(cfg.dimensions !== null ? { output_dimension: cfg.dimensions } : {}),
            }),
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
          if (!res.ok) throw new EmbedError(`${where} answered HTTP ${res.status}`);
          const body = voyageAnswer.safeParse(await res.json());
          if (!body.success) throw new EmbedError(`${where} answered an unexpected shape`);
          return toVectors(body.data.data, texts.length);
        } catch (err) {
          throw explain(err, where);
        }
      },
    };
  }
  return null;
}
