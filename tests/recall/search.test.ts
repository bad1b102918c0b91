import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestService, type TestService } from '../helpers/service.js';
import { DAY, corpusText, insertObservation, insertPrompt, seedGenerated } from './seed.js';

interface Item {
  kind: 'observation' | 'summary' | 'prompt';
  id: number;
  sessionId: number;
  project: string;
  type: string | null;
  title: string;
  snippet: string;
  createdAt: number;
  score: number;
}
interface Page {
  items: Item[];
  nextCursor: string | null;
  corrected?: Record<string, string>;
}

describe('GET /api/search over generated memories', () => {
  let t: TestService;
  let sqlite: Database.Database;
  const now = Date.now();
  let unique: number;
  let oldOne: number;

  beforeAll(async () => {
    t = await startTestService();
    sqlite = t.service.core.sqlite;
    seedGenerated(sqlite, 4000, now);
    unique = insertObservation(sqlite, {
      project: 'webshop',
      title: 'Switched the quasarflux token refresh to exponential backoff',
      facts: ['Refresh retries now wait 2^n seconds, capped at 60 seconds'],
      narrative: 'The gateway hammered the auth server after deploys; retries are now spaced out.',
      type: 'decision',
      toolInput: { file_path: '/home/dev/webshop/src/auth/refresh-client.ts' },
      filesModified: ['/home/dev/webshop/src/auth/refresh-client.ts'],
      at: now - 20 * DAY,
    }).id;
    oldOne = insertObservation(sqlite, {
      project: 'infra',
      title: 'Pinned the quasarflux sidecar image',
      type: 'change',
      at: now - 80 * DAY,
    }).id;
    insertObservation(sqlite, {
      project: 'infra',
      title: 'Literal <mark>zyxwvutsq</mark> and <b>bold</b> in a title',
      at: now - DAY,
    });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const search = async (qs: Record<string, string>): Promise<Page> => {
    const r = await t.api('GET', `/api/search?${new URLSearchParams(qs).toString()}`);
    expect(r.status, r.text).toBe(200);
    return r.json as Page;
  };

  it('finds a known fact by a paraphrase of its title words, first', async () => {
    const r = await search({ q: 'exponential backoff for refreshing tokens' });
    expect(r.items[0]?.id).toBe(unique);
    expect(r.items[0]?.kind).toBe('observation');
  });

  it('finds it by a prefix', async () => {
    const r = await search({ q: 'quasarfl' });
    const ids = r.items.map((i) => i.id);
    expect(ids).toContain(unique);
    expect(ids).toContain(oldOne);
    // Recency boost: the newer of two equally good matches ranks first.
    expect(ids.indexOf(unique)).toBeLessThan(ids.indexOf(oldOne));
  });

  it('finds it with one typo (deletion, transposition)', async () => {
    const a = await search({ q: 'quasarflx' });
    expect(a.items.map((i) => i.id)).toContain(unique);
    expect(a.corrected).toEqual({ quasarflx: 'quasarflux' });
    const b = await search({ q: 'exponetial backoff' });
    expect(b.items[0]?.id).toBe(unique);
  });

  it('leaves an English word the memories lack as typed, while a typo is still corrected', async () => {
    const pool = insertObservation(sqlite, {
      project: 'infra',
      title: 'Renamed the quagmare worker pool',
      at: now - 2 * DAY,
    }).id;
    // "quagmire" is one edit from the stored `quagmare`, but it is a word, not a typo of it.
    const word = await search({ q: 'quagmire' });
    expect(word.corrected ?? {}).toEqual({});
    const typo = await search({ q: 'quagmara' });
    expect(Object.keys(typo.corrected ?? {})).toEqual(['quagmara']);
    expect(typo.items.map((i) => i.id)).toContain(pool);
  });

  it('finds substrings of identifiers and paths (trigram fallback)', async () => {
    const r = await search({ q: 'resh-clie' });
    expect(r.items.map((i) => i.id)).toContain(unique);
    expect(r.items.find((i) => i.id === unique)?.snippet).toMatch(/<mark>resh-clie<\/mark>/i);
  });

  it('returns highlighted plain-text snippets', async () => {
    const r = await search({ q: 'quasarflux' });
    const hit = r.items.find((i) => i.id === unique)!;
    expect(hit.title).toBe('Switched the quasarflux token refresh to exponential backoff');
    // The word is in the title alone: the snippet shows what the memory says, not the title again.
    expect(hit.snippet).toMatch(/^Refresh retries now wait 2\^n seconds, capped at 60 seconds/);
    const lit = await search({ q: 'zyxwvutsq' });
    expect(lit.items).toHaveLength(1);
    const parts = lit.items[0]!.snippet.split(/(<mark>|<\/mark>)/);
    const marked = parts.filter((_p, i) => parts[i - 1] === '<mark>');
    expect(marked.map((m) => m.toLowerCase())).toEqual(['zyxwvutsq']);
    expect(lit.items[0]!.snippet).toContain('<b>bold</b>'); // plain text, rendered as text
  });

  it('filters by project, type, file and time', async () => {
    const byProject = await search({ q: 'quasarflux', project: 'infra' });
    expect(byProject.items.map((i) => i.id)).toEqual([oldOne]);
    const byType = await search({ q: 'quasarflux', type: 'decision' });
    expect(byType.items.map((i) => i.id)).toEqual([unique]);
    const byFile = await search({ q: '', file: 'auth/refresh-client.ts' });
    expect(byFile.items.map((i) => i.id)).toEqual([unique]);
    const before = await search({ q: 'quasarflux', until: String(now - 30 * DAY) });
    expect(before.items.map((i) => i.id)).toEqual([oldOne]);
    const since = await search({ q: 'quasarflux', since: new Date(now - 30 * DAY).toISOString() });
    expect(since.items.map((i) => i.id)).toEqual([unique]);
    const generic = await search({ q: corpusText().identifiers[3]!, type: 'bugfix', limit: '50' });
    expect(generic.items.length).toBeGreaterThan(0);
    for (const i of generic.items) expect(i.type).toBe('bugfix');
  });

  it('searches summaries and prompts too, and filters by kind', async () => {
    const s = sqlite.prepare('SELECT id FROM sessions ORDER BY id LIMIT 1').pluck().get() as number;
    insertPrompt(sqlite, s, 'please make the marzipanlogic importer idempotent', now, 99);
    const r = await search({ q: 'marzipanlogic' });
    expect(r.items.map((i) => i.kind)).toEqual(['prompt']);
    expect(r.items[0]!.title).toContain('marzipanlogic');
    const sums = await search({ q: corpusText().identifiers[0]!, type: 'summary', limit: '5' });
    for (const i of sums.items) expect(i.kind).toBe('summary');
  });

  it('pages through a broad query with cursors, without duplicates', async () => {
    const word = corpusText().identifiers[1]!;
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: Page = await search({ q: word, limit: '7', ...(cursor ? { cursor } : {}) });
      expect(r.items.length).toBeLessThanOrEqual(7);
      for (const i of r.items) {
        const key = `${i.kind}:${i.id}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
      cursor = r.nextCursor;
      pages++;
    } while (cursor && pages < 6);
    expect(pages).toBe(6);
    expect(seen.size).toBe(42);
  });

  it('never fails on hostile text', async () => {
    const hostile = [
      '"',
      '"unbalanced quote',
      "it's",
      '*',
      'a*',
      '**foo**',
      'NEAR(foo bar, 2)',
      'title:foo',
      '{title facts}: x',
      'foo AND',
      'OR',
      'NOT NOT',
      '( ) ( (',
      '^start',
      '-foo +bar',
      '🚀🔥',
      '🚀 quasarflux 🔥',
      "'; DROP TABLE observations; --",
      '\u0000\u0001',
      '%_%',
      '\\',
      'x'.repeat(1999),
      'ü',
      'naïve café',
      '日本語のテキスト',
    ];
    for (const q of hostile) {
      const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(r.status, `${JSON.stringify(q)}: ${r.text}`).toBe(200);
      expect(Array.isArray((r.json as Page).items)).toBe(true);
    }
    expect((await search({ q: '🚀 quasarflux 🔥' })).items.map((i) => i.id)).toContain(unique);
    const count = sqlite.prepare('SELECT count(*) FROM observations').pluck().get() as number;
    expect(count).toBeGreaterThan(4000);
  });

  it('rejects invalid parameters with a clear 400', async () => {
    for (const qs of [
      'q=x&limit=0',
      'q=x&limit=abc',
      'q=x&cursor=%%%',
      'q=x&since=yesterday',
      'q=x&file=ab',
      'q=x&kind=note',
    ]) {
      const r = await t.api('GET', `/api/search?${qs}`);
      expect(r.status, qs).toBe(400);
      expect((r.json as { error: string }).error).toMatch(/invalid query/);
    }
    const long = await t.api('GET', `/api/search?q=${'y'.repeat(2001)}`);
    expect(long.status).toBe(400);
    const noAuth = await rawRequest(t.port, { path: '/api/search?q=x' });
    expect(noAuth.status).toBe(401);
  });
});
