/**
 * Paging a search while the memories change: "More results" continues after what the list showed,
 * over a real service and SQLite file, when a session is deleted or a memory is added in between.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_LIMITS, type SearchPage } from '../../electron/shared/contract/search.js';
import { decodeCursor, encodeCursor, type HitKey } from '../../electron/core/recall/cursor.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

const WORD = 'paginglark';
const MINUTE = 60_000;

/** As many results as a list may have shown, their ids as far apart as ids can be. */
const farApart = (): HitKey[] => {
  const step = Math.floor(Number.MAX_SAFE_INTEGER / SEARCH_LIMITS.shown);
  return Array.from({ length: SEARCH_LIMITS.shown }, (_x, i) => ({
    kind: 'observation',
    id: (i + 1) * step,
  }));
};

describe('search paging while memories change', () => {
  let t: TestService;
  /** The sessions, each holding every third memory: memory i is i minutes old, so ranks i-th. */
  let sessions: number[];

  beforeEach(async () => {
    t = await startTestService();
    const now = Date.now();
    sessions = [];
    for (let i = 0; i < 9; i++) {
      const { sessionId } = insertObservation(t.service.core.sqlite, {
        project: 'pager',
        session: sessions[i % 3],
        title: `The ${WORD} step ${i}`,
        at: now - (i + 1) * MINUTE,
      });
      sessions[i % 3] = sessionId;
    }
  });
  afterEach(async () => t.dispose());

  const search = async (limit: number, cursor?: string | null): Promise<SearchPage> => {
    const qs = new URLSearchParams({ q: WORD, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const r = await t.api('GET', `/api/search?${qs.toString()}`);
    expect(r.status, r.text).toBe(200);
    return r.json as SearchPage;
  };
  const titles = (p: SearchPage): string[] => p.items.map((i) => i.title);

  it('after a session on page 1 is deleted, page 2 starts with the result that followed page 1', async () => {
    const all = (await search(20)).items;
    expect(all).toHaveLength(9);
    const first = await search(4);
    expect(titles(first)).toEqual(all.slice(0, 4).map((i) => i.title));
    const gone = first.items[0]!.sessionId;
    expect(first.items.filter((i) => i.sessionId === gone)).toHaveLength(2);
    expect((await t.api('DELETE', `/api/sessions/${gone}`)).status).toBe(200);

    const second = await search(4, first.nextCursor);
    const left = all.slice(4).filter((i) => i.sessionId !== gone);
    expect(titles(second)).toEqual(left.map((i) => i.title));
    expect(second.items[0]!.title).toBe(all[4]!.title);
  });

  it('after a newer memory is added, the next pages repeat nothing and skip nothing', async () => {
    const all = titles(await search(20));
    const first = await search(4);
    insertObservation(t.service.core.sqlite, {
      project: 'pager',
      session: sessions[1],
      title: `The ${WORD} step new`,
      at: Date.now(),
    });
    const rest: string[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await search(4, cursor);
      rest.push(...titles(page));
      cursor = page.nextCursor;
    }
    expect(rest).toEqual([`The ${WORD} step new`, ...all.slice(4)]);
  });

  it('takes the longest cursor a list can be given', async () => {
    const page = await search(4, encodeCursor(farApart()));
    expect(page.items).toHaveLength(4);
  });

  it('rejects a cursor it did not write', async () => {
    const next = (await search(4)).nextCursor!;
    const longer = Buffer.concat([Buffer.from(next.slice(1), 'base64url'), Buffer.from([1])]);
    const offset = Buffer.from('o:4').toString('base64url');
    for (const cursor of [`k${longer.toString('base64url')}`, 'kAAAAAA', 'k_w', 'o:4', offset]) {
      const r = await t.api('GET', `/api/search?q=${WORD}&cursor=${cursor}`);
      expect(r.status, cursor).toBe(400);
    }
  });
});

describe('the search cursor', () => {
  it('names the results shown, whatever their kinds and ids', () => {
    const shown: HitKey[] = [
      { kind: 'observation', id: 7 },
      { kind: 'prompt', id: 3 },
      { kind: 'observation', id: Number.MAX_SAFE_INTEGER },
      { kind: 'summary', id: 1 },
      { kind: 'observation', id: 300 },
    ];
    const back = decodeCursor(encodeCursor(shown), SEARCH_LIMITS.shown);
    const order = (ks: HitKey[]): string[] => ks.map((k) => `${k.kind}:${k.id}`).sort();
    expect(order(back!)).toEqual(order(shown));
  });

  it('stays within the contract at the most results a list is offered, however far apart their ids', () => {
    const shown = farApart();
    const cursor = encodeCursor(shown);
    expect(cursor.length).toBeLessThanOrEqual(SEARCH_LIMITS.cursor);
    expect(decodeCursor(cursor, SEARCH_LIMITS.shown)).toHaveLength(SEARCH_LIMITS.shown);
    expect(decodeCursor(encodeCursor([...shown, { kind: 'prompt', id: 1 }]), SEARCH_LIMITS.shown)).toBeNull();
  });
});
