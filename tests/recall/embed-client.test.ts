/**
 * The embedding clients against a real local server speaking the providers' protocol
 * (tests/helpers/embeddings-server.ts): the `openai` client for OpenAI-compatible endpoints, and
 * Voyage AI's request shape (input_type per role, output_dimension, Bearer key). Errors come back
 * as one line fit for Health, without the texts or the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddingClient } from '../../electron/core/recall/vectors/client.js';
import { embeddingsSchema } from '../../electron/shared/contract/settings.js';
import { embedText, startEmbeddingsServer, type EmbeddingsServer } from '../helpers/embeddings-server.js';

let emb: EmbeddingsServer;
beforeAll(async () => {
  emb = await startEmbeddingsServer();
});
afterAll(() => emb.close());

const cfg = (over: object) => embeddingsSchema.parse({ model: 'lexicon-a', ...over });

describe('openai-compatible', () => {
  it('answers vectors in input order, with no key for a local server', async () => {
    const c = createEmbeddingClient(cfg({ kind: 'openai-compatible', baseUrl: emb.url }), null, 2000)!;
    const [a, b] = await c.embed(['login is broken', 'cart total in cents'], 'document');
    expect(Array.from(a!)).toEqual(embedText('login is broken').map((x) => Math.fround(x)));
    expect(Array.from(b!)).toEqual(embedText('cart total in cents').map((x) => Math.fround(x)));
    expect(emb.lastBody).toMatchObject({ model: 'lexicon-a', encoding_format: 'float' });
    expect(emb.lastBody).not.toHaveProperty('dimensions');
  });

  it('passes dimensions when set, and says which host failed how', async () => {
    await createEmbeddingClient(
      cfg({ kind: 'openai-compatible', baseUrl: emb.url, dimensions: 64 }),
      'k',
      2000,
    )!.embed(['x'], 'query');
    expect(emb.lastBody).toMatchObject({ dimensions: 64 });
    expect(emb.authorization).toBe('Bearer k');
    const unknown = createEmbeddingClient(
      cfg({ kind: 'openai-compatible', baseUrl: emb.url, model: 'nope' }),
      null,
      2000,
    )!;
    await expect(unknown.embed(['secret text'], 'document')).rejects.toThrow(
      /^127\.0\.0\.1:\d+ answered HTTP 404$/,
    );
    const refused = createEmbeddingClient(
      cfg({ kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1' }),
      null,
      2000,
    )!;
    await expect(refused.embed(['secret text'], 'document')).rejects.toThrow(/^127\.0\.0\.1:9 unreachable/);
  });

  it('needs a base URL', () => {
    expect(createEmbeddingClient(cfg({ kind: 'openai-compatible' }), null, 2000)).toBeNull();
  });
});

describe('voyage', () => {
  it('sends input_type per role, output_dimension and the key', async () => {
    const c = createEmbeddingClient(
      cfg({ kind: 'voyage', baseUrl: emb.url, dimensions: 64 }),
      'pa-test',
      2000,
    )!;
    const [v] = await c.embed(['login is broken'], 'query');
    expect(v).toHaveLength(64);
    expect(emb.lastBody).toMatchObject({
      input: ['login is broken'],
      input_type: 'query',
      output_dimension: 64,
    });
    expect(emb.authorization).toBe('Bearer pa-test');
    await c.embed(['a memory'], 'document');
    expect(emb.lastBody).toMatchObject({ input_type: 'document' });
  });

  it('needs a key; a down or slow server is reported in one line', async () => {
    expect(createEmbeddingClient(cfg({ kind: 'voyage', baseUrl: emb.url }), null, 2000)).toBeNull();
    const c = createEmbeddingClient(cfg({ kind: 'voyage', baseUrl: emb.url }), 'pa-test', 200)!;
    emb.mode = 'down';
    await expect(c.embed(['x'], 'query')).rejects.toThrow(/answered HTTP 503$/);
    emb.mode = 'slow';
    emb.slowMs = 1000;
    await expect(c.embed(['x'], 'query')).rejects.toThrow(/did not answer in time$/);
    emb.mode = 'ok';
  });
});
