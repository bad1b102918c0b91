/**
 * "What did we do last time?" is answered from the latest session, not from every memory that
 * holds `last` (a variable in the code) or `time`; the session running now (the agent asking over
 * MCP) is not "last time". The real pricebook fixture, imported through the real service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asksLatest, withoutLatest } from '../../electron/core/recall/latest-session.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { importPricebook, insertObservation, PRICEBOOK_IMPORTED_AT } from './seed.js';

interface Item {
  sessionId: number;
  project: string;
  title: string;
}

describe('asksLatest', () => {
  it('reads "last time" and "the last session", in English and Chinese', () => {
    for (const q of [
      'what did we do last time?',
      'which files did we change in the last session',
      'what was the latest session about',
      '上次做了什么？',
    ])
      expect(asksLatest(q), q).toBe(true);
    for (const q of ['what did the last line of the output say?', 'when did we last run the tests?'])
      expect(asksLatest(q), q).toBe(false);
    expect(withoutLatest('which files did we change last time?').trim()).toBe('which files did we change  ?');
  });
});

describe('a question about last time', () => {
  let t: TestService;
  let latest: number;
  const search = async (q: string, extra = ''): Promise<Item[]> => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=10${extra}`);
    expect(r.status).toBe(200);
    return (r.json as { items: Item[] }).items;
  };

  beforeAll(async () => {
    t = await startTestService({ clock: () => PRICEBOOK_IMPORTED_AT });
    const sessions = await importPricebook(t);
    latest = [...sessions].sort((a, b) => b[1] - a[1])[0]![0];
    const sqlite = t.service.core.sqlite;
    // Another project's work since, and a session running now in pricebook: neither is last time.
    insertObservation(sqlite, {
      project: 'webshop',
      title: 'Last time the cart was empty',
      at: PRICEBOOK_IMPORTED_AT,
    });
    const live = insertObservation(sqlite, {
      project: 'pricebook',
      title: 'Edited src/prices.js: last rounding step',
      type: 'change',
      at: PRICEBOOK_IMPORTED_AT,
    });
    sqlite
      .prepare("UPDATE sessions SET status = 'active', updated_at = ? WHERE id = ?")
      .run(PRICEBOOK_IMPORTED_AT, live.sessionId);
  });
  afterAll(async () => t.dispose());

  it("is answered from the latest session's memories alone, asked from its project", async () => {
    const items = await search('what did we do last time?', '&prefer=pricebook');
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.sessionId))).toEqual(new Set([latest]));
  });

  it('keeps its other words: which files changed then', async () => {
    const items = await search('which files did we change in pricebook last time?');
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.sessionId === latest)).toBe(true);
  });

  it('with words that session does not hold, lists its newest memories, still naming the project', async () => {
    const sqlite = t.service.core.sqlite;
    const at = PRICEBOOK_IMPORTED_AT - 3 * 3600_000;
    insertObservation(sqlite, {
      project: 'quincebox',
      title: 'Set up quincebox',
      type: 'change',
      at: at - 86_400_000,
    });
    const last = insertObservation(sqlite, {
      project: 'quincebox',
      title: 'Shelf labels',
      type: 'change',
      at,
    });
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent('上次 quincebox 做了什么？')}&limit=10`);
    const page = r.json as { items: Item[]; named?: string };
    expect(page.named).toBe('quincebox');
    expect(page.items.map((i) => i.title)).toEqual(['Shelf labels']);
    expect(page.items[0]!.sessionId).toBe(last.sessionId);
  });

  it('asked from nowhere, is the latest session of any project that is not running', async () => {
    const items = await search('what did we do last time?');
    expect(new Set(items.map((i) => i.project))).toEqual(new Set(['webshop']));
  });
});
