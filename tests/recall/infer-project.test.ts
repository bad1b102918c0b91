/**
 * A question that describes its project instead of naming it ("the link checker") is answered
 * from that project first, when its prompts clearly say so; otherwise nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.js';
import { DAY, insertObservation } from './seed.js';

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
    const prompt = sqlite.prepare(
      'INSERT INTO user_prompts (session_id, prompt_number, prompt, created_at) VALUES (?, 1, ?, ?)',
    );
    prompt.run(a.sessionId, 'new project: a link checker for our markdown docs', now - 9 * DAY);
    prompt.run(b.sessionId, 'an inventory service for the warehouse', now - DAY);
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

  it('leaves the ranking alone when the question describes no project', async () => {
    expect((await projects('what cache timeout did we set?'))[0]).toBe('kucun');
  });
});
