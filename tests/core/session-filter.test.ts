import { describe, expect, it } from 'vitest';
import { startTestService } from '../helpers/service.js';

type Page = { items: Array<{ claudeSessionId: string }>; nextCursor: number | null };

describe('GET /api/sessions?q=', () => {
  it('finds sessions by any prompt, folder or id, across all sessions, paged; % and _ are literal', async () => {
    const t = await startTestService();
    try {
      const prompt = async (sid: string, cwd: string, text: string) =>
        expect(
          (
            await t.api('POST', '/api/hooks/UserPromptSubmit', {
              session_id: sid,
              transcript_path: '/tmp/none.jsonl',
              cwd,
              hook_event_name: 'UserPromptSubmit',
              prompt: text,
            })
          ).status,
        ).toBe(200);
      await prompt('s-invoice', '/w/shop', 'add dark mode');
      await prompt('s-invoice', '/w/shop', 'now fix the Invoice rounding');
      for (let i = 0; i < 5; i++) await prompt(`s-other-${i}`, '/w/blog', `write post ${i}`);
      await prompt('s-percent', '/w/blog', 'raise the limit to 100% of quota');
      await t.settled();
      const list = async (qs: string): Promise<string[]> =>
        ((await t.api('GET', `/api/sessions?${qs}`)).json as Page).items.map((s) => s.claudeSessionId);

      // The second prompt, not the first, holds the word; the session is the oldest of all.
      expect(await list('q=invoice')).toEqual(['s-invoice']);
      expect(await list('q=%2Fw%2Fshop')).toEqual(['s-invoice']);
      expect(await list('q=s-other-3')).toEqual(['s-other-3']);
      expect(await list('q=100%25')).toEqual(['s-percent']);
      expect(await list('q=%25')).toEqual(['s-percent']);
      expect(await list('q=nothing+like+it')).toEqual([]);
      const first = (await t.api('GET', '/api/sessions?q=post&limit=3')).json as Page;
      const rest = (await t.api('GET', `/api/sessions?q=post&limit=3&cursor=${first.nextCursor}`))
        .json as Page;
      expect([...first.items, ...rest.items].map((s) => s.claudeSessionId).sort()).toEqual(
        [0, 1, 2, 3, 4].map((i) => `s-other-${i}`),
      );
    } finally {
      await t.dispose();
    }
  });
});
