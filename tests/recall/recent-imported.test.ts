/**
 * The Recent view lists what happened by when it happened. An import adds weeks-old prompts and
 * sessions after today's (higher ids, older times) and summarises those sessions today; a list read
 * by id, or dating a summary by when it was written, showed the imported history above the work
 * the user did an hour ago, and left today's prompt off the first page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.js';
import {
  importPricebook,
  insertObservation,
  insertPrompt,
  PRICEBOOK_IMPORTED_AT as IMPORTED_AT,
} from './seed.js';

const HOUR = 3600_000;

interface Item {
  kind: string;
  id: number;
  sessionId: number;
  title: string;
  at: number;
}

describe('GET /api/recent after importing older history', () => {
  let t: TestService;
  let live: { sessionId: number; prompt: number };
  let sessions: Map<number, number>;

  const recent = async (query: string): Promise<{ items: Item[]; nextBefore: number | null }> => {
    const r = await t.api('GET', `/api/recent?${query}`);
    expect(r.status).toBe(200);
    return r.json as { items: Item[]; nextBefore: number | null };
  };

  beforeAll(async () => {
    t = await startTestService({ clock: () => IMPORTED_AT });
    const sqlite = t.service.core.sqlite;
    // Today's work, captured live before the import.
    const o = insertObservation(sqlite, {
      project: 'today',
      title: 'Edited retry.ts',
      at: IMPORTED_AT - HOUR,
    });
    live = {
      sessionId: o.sessionId,
      prompt: insertPrompt(sqlite, o.sessionId, 'make the retry budget configurable', IMPORTED_AT - HOUR),
    };
    sessions = await importPricebook(t);
    // The import really did write its prompts after today's, and its summaries today.
    const newest = sqlite.prepare('SELECT max(id) FROM user_prompts').pluck().get() as number;
    expect(newest).toBeGreaterThan(live.prompt + 3);
    const written = sqlite.prepare('SELECT max(updated_at) FROM session_summaries').pluck().get() as number;
    expect(written).toBe(IMPORTED_AT);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it("shows today's prompt and observation first, above the imported history", async () => {
    const page = await recent('limit=3');
    expect(page.items.slice(0, 2).map((i) => [i.kind, i.sessionId])).toEqual(
      expect.arrayContaining([
        ['prompt', live.sessionId],
        ['observation', live.sessionId],
      ]),
    );
    expect(page.items.find((i) => i.kind === 'prompt')?.id).toBe(live.prompt);
  });

  it('never ends a page inside a group of items of the same instant', async () => {
    const sqlite = t.service.core.sqlite;
    // A message's parallel tool calls share its time: three of five observations at one instant.
    const at = IMPORTED_AT - 3 * HOUR;
    const first = insertObservation(sqlite, { project: 'ties', title: 'Read a.ts', at: at + 10 });
    const add = (title: string, when: number): number =>
      insertObservation(sqlite, { project: 'ties', session: first.sessionId, title, at: when }).id;
    const ids = [
      first.id,
      add('Read b.ts', at),
      add('Read c.ts', at),
      add('Read d.ts', at),
      add('Edited e.ts', at - 10),
    ];
    const seen: number[] = [];
    let before = '';
    for (let i = 0; i < 10; i++) {
      const page = await recent(`project=ties&limit=2${before}`);
      seen.push(...page.items.map((x) => x.id));
      if (page.nextBefore === null) break;
      before = `&before=${page.nextBefore}`;
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it("dates an imported session's summary by the session's last activity, not the import", async () => {
    const all: Item[] = [];
    let before = '';
    for (let i = 0; i < 40; i++) {
      const page = await recent(`limit=50${before}`);
      all.push(...page.items);
      if (page.nextBefore === null) break;
      before = `&before=${page.nextBefore}`;
    }
    const summaries = all.filter((i) => i.kind === 'summary');
    expect(summaries.length).toBeGreaterThan(1);
    for (const s of summaries) expect(s.at).toBe(sessions.get(s.sessionId));
    expect(all.map((i) => i.at)).toEqual([...all.map((i) => i.at)].sort((a, b) => b - a));
    // Every imported prompt is listed once, paging included.
    const prompts = all.filter((i) => i.kind === 'prompt').map((i) => i.id);
    const stored = t.service.core.sqlite.prepare('SELECT count(*) FROM user_prompts').pluck().get() as number;
    expect(new Set(prompts).size).toBe(stored);
  });
});
