/**
 * Hybrid semantic search end to end: a real service over a real SQLite file, a real embeddings
 * server speaking OpenAI's protocol (tests/helpers/embeddings-server.ts, whose vectors come from a
 * concept lexicon), the real `openai` client and sqlite-vec. Proves that a paraphrase sharing no
 * word with a memory is found only with embeddings on, that faults leave lexical search working
 * with Health saying why, and that a model change re-embeds everything.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddingsStatusSchema, type EmbeddingsStatus } from '../../electron/shared/contract/embeddings.js';
import { featurePlugins } from '../../electron/core/features.js';
import { recallPlugin } from '../../electron/core/recall/plugin.js';
import { connectMcp, runCli } from '../helpers/cli.js';
import { startEmbeddingsServer, type EmbeddingsServer } from '../helpers/embeddings-server.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { DAY, insertObservation } from './seed.js';

interface Page {
  items: Array<{ kind: string; id: number; title: string; snippet: string }>;
}

// Words the lexical search's own synonyms (recall/lexicon.ts) do not bridge: only the embeddings do.
const PARAPHRASE = 'sso is broken';

describe('semantic search (embeddings on an OpenAI-compatible server)', () => {
  let t: TestService;
  let emb: EmbeddingsServer;
  let target: number;
  let restart: () => Promise<void>;
  const now = Date.now();

  const status = async (): Promise<EmbeddingsStatus> =>
    embeddingsStatusSchema.parse((await t.api('GET', '/api/health/embeddings')).json);
  const until = async (what: (s: EmbeddingsStatus) => boolean): Promise<EmbeddingsStatus> => {
    for (;;) {
      const s = await status();
      if (what(s)) return s;
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const search = async (q: string): Promise<Page> =>
    (await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`)).json as Page;

  beforeAll(async () => {
    emb = await startEmbeddingsServer();
    // The recall plugin with short waits (a slow provider), the rest as `serve` runs them.
    const plugins = featurePlugins().map((p, i) =>
      i === 1
        ? (core: Parameters<typeof p>[0]) =>
            recallPlugin(core, {
              queryTimeoutMs: 300,
              cooldownMs: 0,
              embedTimeoutMs: 500,
              embedDebounceMs: 0,
            })
        : p,
    );
    t = await startTestService({ plugins });
    restart = async () => {
      await t.stop();
      t = await startTestService({ plugins, dataDir: t.dataDir });
    };
    const sqlite = t.service.core.sqlite;
    target = insertObservation(sqlite, {
      project: 'webshop',
      title: 'Auth refresh token expired before the retry',
      narrative: 'The gateway kept the old credential; renewing it on 401 now.',
      type: 'bugfix',
      at: now - 2 * DAY,
    }).id;
    for (const [i, title] of [
      'Added the shopping cart total in cents',
      'Renamed the price helper module',
      'Ran npm test after the discount change',
      'Wrote the README install section',
    ].entries())
      insertObservation(sqlite, { project: 'webshop', title, type: 'change', at: now - (3 + i) * DAY });
  });

  afterAll(async () => {
    await t.dispose();
    await emb.close();
  });

  it('with embeddings off, search is lexical: the paraphrase finds nothing and no provider is asked', async () => {
    const s = await status();
    expect(s.state).toBe('off');
    expect((await search(PARAPHRASE)).items.map((i) => i.id)).not.toContain(target);
    expect(emb.requests).toBe(0);
    const vecTable = t.service.core.sqlite
      .prepare("SELECT 1 FROM sqlite_schema WHERE name = 'memtray_vectors'")
      .get();
    expect(vecTable).toBeUndefined();
  });

  it('with embeddings on, everything is embedded in the background and the paraphrase is found', async () => {
    const put = await t.api('PUT', '/api/settings', {
      embeddings: { kind: 'openai-compatible', baseUrl: emb.url, model: 'lexicon-a' },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      embeddings: { kind: 'openai-compatible', model: 'lexicon-a' },
      embeddingsKeySet: false,
    });
    const s = await until((x) => x.state === 'ready');
    expect(s).toMatchObject({ embedded: 5, total: 5, dimensions: 64, lastError: null });
    expect(emb.inputs.get('lexicon-a')).toContain(
      'Auth refresh token expired before the retry The gateway kept the old credential; renewing it on 401 now.',
    );
    const page = await search(PARAPHRASE);
    expect(page.items[0]).toMatchObject({ kind: 'observation', id: target });
    // Words still matter: a lexical query keeps its lexical answer first.
    expect((await search('shopping cart total')).items[0]?.title).toMatch(/shopping cart total/);
  });

  it('embeds what is captured later (after the acknowledgement), prompts included', async () => {
    const r = await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: 's-semantic',
      cwd: '/home/dev/webshop',
      prompt: 'please repair the signin page',
    });
    expect(r.status).toBe(200);
    await until((x) => x.state === 'ready' && x.total === 6);
    const page = await search('fix sso screen');
    expect(page.items.find((i) => i.kind === 'prompt')?.snippet).toMatch(/signin page/);
  });

  it('MCP search (a separate process over the same database) finds the paraphrase too', async () => {
    const client = await connectMcp(t.dataDir, 'memtray-semantic');
    try {
      const r = (await client.callTool({ name: 'search', arguments: { query: PARAPHRASE, limit: 3 } })) as {
        content: Array<{ text: string }>;
      };
      const results = (JSON.parse(r.content[0]!.text) as { results: Array<{ kind: string; id: number }> })
        .results;
      expect(results[0]).toMatchObject({ kind: 'observation', id: target });
    } finally {
      await client.close();
    }
  });

  it('`memtray search` (the CLI, straight on the database) finds it too', async () => {
    const r = await runCli(['search', PARAPHRASE, '--data-dir', t.dataDir, '--json', '--limit', '3']);
    expect(r.code).toBe(0);
    const items = (JSON.parse(r.stdout) as Page).items;
    expect(items[0]).toMatchObject({ kind: 'observation', id: target });
  });

  it('the key is write-only: sent to the provider, stored 0600, never returned', async () => {
    const put = await t.api('PUT', '/api/settings', { embeddingsKey: 'sk-emb-secret-42' });
    expect(put.text).not.toContain('sk-emb-secret-42');
    expect(put.json).toMatchObject({ embeddingsKeySet: true });
    expect((await t.api('GET', '/api/settings')).text).not.toContain('sk-emb-secret-42');
    expect(statSync(join(t.dataDir, 'embeddings-key')).mode & 0o777).toBe(0o600);
    await search('a query never asked before');
    expect(emb.authorization).toBe('Bearer sk-emb-secret-42');
  });

  it('provider down: indexing pauses with the reason in Health, search stays lexical', async () => {
    emb.mode = 'down';
    await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: 's-semantic',
      cwd: '/home/dev/webshop',
      prompt: 'cart rounding',
    });
    const s = await until((x) => x.state === 'error');
    expect(s.lastError).toMatch(/HTTP 503/);
    expect(s.retryAt).not.toBeNull();
    const page = await search('cart rounding');
    expect(page.items[0]).toMatchObject({ kind: 'prompt', title: 'cart rounding' });
    expect((await status()).queryError).toMatch(/search ran lexical only: .*HTTP 503/);
  });

  it('provider slow: the search answers lexical results after the bounded wait', async () => {
    emb.mode = 'slow';
    const page = await search('shopping cart total cents');
    expect(page.items[0]?.title).toMatch(/shopping cart total/);
    expect((await status()).queryError).toMatch(/did not answer in time/);
  });

  it('wrong dimension: refused with the reason, nothing stored', async () => {
    emb.mode = 'wrong-dim';
    await t.api('PUT', '/api/settings', { embeddings: { batchSize: 16 } }); // a settings change retries at once
    const s = await until((x) => x.state === 'error' && /wrong dimension/.test(x.lastError ?? ''));
    expect(s.lastError).toMatch(/expected 64, the provider answered 67/);
    expect(s).toMatchObject({ embedded: 6, total: 7 }); // the prompt captured while down is still waiting
    expect(t.service.core.sqlite.prepare('SELECT count(*) FROM memtray_vectors').pluck().get()).toBe(6);
    // A new query (an earlier one's vector is cached and still valid): its vector is refused too.
    const page = await search('the sso keeps failing');
    expect(page.items.filter((i) => i.kind === 'observation').map((i) => i.id)).not.toContain(target);
    expect((await status()).queryError).toMatch(/wrong dimension/);
  });

  it('a model change re-embeds everything in the background, and search uses the new vectors', async () => {
    emb.mode = 'ok';
    const before = emb.inputs.get('lexicon-b')?.length ?? 0;
    await t.api('PUT', '/api/settings', { embeddings: { model: 'lexicon-b' } });
    const s = await until((x) => x.state === 'ready' && x.dimensions === 96);
    expect(s).toMatchObject({ embedded: 7, total: 7, model: 'lexicon-b', lastError: null });
    expect((emb.inputs.get('lexicon-b')?.length ?? 0) - before).toBe(7);
    expect((await search(PARAPHRASE)).items[0]?.id).toBe(target);
  });

  it('a restart resumes from the stored cursors: nothing is embedded twice', async () => {
    const asked = emb.inputs.get('lexicon-b')?.length ?? 0;
    await restart();
    const s = await until((x) => x.state === 'ready');
    expect(s).toMatchObject({ embedded: 7, total: 7, dimensions: 96 });
    expect((await search('the sso keeps crashing')).items[0]).toMatchObject({
      kind: 'observation',
      id: target,
    });
    expect(emb.inputs.get('lexicon-b')?.length).toBe(asked + 1); // the query alone
  });

  it('a deleted memory loses its vector; switching off makes search lexical again', async () => {
    const sqlite = t.service.core.sqlite;
    sqlite.prepare('DELETE FROM observations WHERE id = ?').run(target);
    expect(sqlite.prepare('SELECT count(*) FROM embed_dirty').pluck().get()).toBe(1);
    await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: 's-semantic',
      cwd: '/home/dev/webshop',
      prompt: 'one more',
    });
    await until((x) => x.state === 'ready' && x.total === 7);
    expect(sqlite.prepare('SELECT count(*) FROM embed_dirty').pluck().get()).toBe(0);
    expect(
      sqlite
        .prepare('SELECT count(*) FROM memtray_vectors WHERE rowid = ?')
        .pluck()
        .get(BigInt(target * 4)),
    ).toBe(0);
    await t.api('PUT', '/api/settings', { embeddings: { kind: 'none' } });
    const asked = emb.requests;
    await search('repair the logon');
    expect(emb.requests).toBe(asked);
    expect((await status()).state).toBe('off');
  });
});
