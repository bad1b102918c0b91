/**
 * A question that describes its project instead of naming it ("the link checker") is answered
 * from that project first, when its prompts clearly say so; otherwise nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.js';
import { DAY, insertObservation, insertPrompt } from './seed.js';

describe('the project a question describes', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
    const sqlite = t.service.core.sqlite;
    const now = Date.now();
    const a = insertObservation(sqlite, {
      project: 'anchorage',
      title: 'Set the cache timeout',
      type: 'change',
      at: now - 9 * DAY,
    });
    const b = insertObservation(sqlite, {
      project: 'kucun',
      title: 'Set the cache timeout',
      type: 'change',
      at: now - DAY,
    });
    insertPrompt(sqlite, a.sessionId, 'new project: a link checker for our markdown docs', now - 9 * DAY);
    insertPrompt(sqlite, b.sessionId, 'an inventory service for the warehouse', now - DAY);
    // Each project's own work, in its own words.
    const work = (project: string, session: number, titles: string[], at: number): void => {
      for (const title of titles) insertObservation(sqlite, { project, session, title, type: 'change', at });
    };
    work(
      'anchorage',
      a.sessionId,
      [
        'Checked the markdown links of the guide',
        'The link checker skips fenced code',
        'Fenced blocks with tildes are skipped too',
        'Relative links in markdown resolved against the file',
        'Relative anchors checked against the headings',
        'Link checker exit codes',
        'Fenced code inside lists',
        'Relative image paths checked as well',
      ],
      now - 9 * DAY,
    );
    work(
      'kucun',
      b.sessionId,
      [
        'Warehouse stock levels per item',
        'Inventory reservations expire',
        'The inventory service journals each change',
        'Warehouse transfers between sites',
      ],
      now - DAY,
    );
  });
  afterAll(async () => t.dispose());

  const projects = async (q: string): Promise<string[]> => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5&kind=observation`);
    return (r.json as { items: Array<{ project: string }> }).items.map((i) => i.project);
  };

  it("ranks the described project's memory first", async () => {
    expect((await projects('what cache timeout did the markdown link checker get?'))[0]).toBe('anchorage');
    expect((await projects('what cache timeout did the warehouse inventory service get?'))[0]).toBe('kucun');
  });

  it('reads the project from the words of its memories, not only of its prompts', async () => {
    // "fenced", "relative", "anchors", "headings" occur in the link checker's memories alone; no
    // prompt holds them.
    const r = await t.api(
      'GET',
      `/api/search?q=${encodeURIComponent('which cache timeout goes with fenced blocks, relative anchors and headings?')}&limit=5&kind=observation`,
    );
    const items = (r.json as { items: Array<{ project: string; title: string }> }).items;
    const timeouts = items.filter((i) => i.title === 'Set the cache timeout').map((i) => i.project);
    expect(timeouts[0]).toBe('anchorage');
  });

  it('leaves the ranking alone when the question describes no project', async () => {
    expect((await projects('what cache timeout did we set?'))[0]).toBe('kucun');
  });
});
