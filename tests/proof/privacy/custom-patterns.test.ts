/**
 * Custom redaction patterns cannot hang the service. They run on RE2 (linear time): the patterns
 * from the review (`\w*\w*\w*\w*\w*\w*:` pinned a core for > 300 s on a 500-character prompt,
 * `.*password.*` took 2.8 s on a 30 KB line) are accepted and cost next to nothing; what RE2 cannot
 * run is refused with a 400 naming the pattern; a pattern that is linear but still too costly is
 * disabled after a bounded cost and reported in `GET /api/health/redaction`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/service.js';

describe('custom redaction patterns', () => {
  let t: TestService | undefined;
  afterAll(async () => t?.dispose());
  const post = async (ev: string, body: Record<string, unknown>): Promise<void> => {
    const r = await t!.api('POST', `/api/hooks/${ev}`, { session_id: 'cp', cwd: '/w/cp', ...body });
    expect(r.status, r.text).toBe(200);
  };

  it('backtracking-hostile patterns run in linear time and still redact', { timeout: 30_000 }, async () => {
    t = await startTestService();
    const put = await t.api('PUT', '/api/settings', {
      customRedactPatterns: ['\\w*\\w*\\w*\\w*\\w*\\w*:', '.*password.*', 'INTERNAL-\\d+'],
    });
    expect(put.status, put.text).toBe(200);
    await post('UserPromptSubmit', { prompt: `${'a'.repeat(500)} and ticket INTERNAL-4242` });
    await post('PostToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_cp1',
      tool_input: { command: 'cat big.log' },
      tool_response: {
        stdout: `${'x'.repeat(30_000)}\nthe password is in here\n`,
        stderr: '',
        interrupted: false,
      },
    });
    expect((await t.api('GET', '/api/health')).status).toBe(200);
    await t.settled();
    const prompt = t.service.core.sqlite.prepare(`SELECT prompt FROM user_prompts`).get() as {
      prompt: string;
    };
    expect(prompt.prompt).toContain('[REDACTED:custom]');
    expect(prompt.prompt).not.toContain('INTERNAL-4242');
    const h = (await t.api('GET', '/api/health/redaction')).json as { ok: boolean };
    expect(h.ok).toBe(true);
  });

  it('a pattern added later redacts a short value the service already stored as clean', async () => {
    // The hook path skips short strings it has found clean before (privacy/clean.ts); a settings
    // change must reach them at once.
    const s = await startTestService();
    try {
      const call = async (id: string): Promise<void> => {
        const r = await s.api('POST', '/api/hooks/PostToolUse', {
          session_id: 'late',
          cwd: '/w/late',
          tool_name: 'Bash',
          tool_use_id: id,
          tool_input: { command: 'deploy ZEBRA-42 now', 'ZEBRA-42-notes': 'ok' },
          tool_response: { stdout: 'done', stderr: '' },
        });
        expect(r.status, r.text).toBe(200);
      };
      const input = async (id: string): Promise<string> => {
        await s.settled();
        return s.service.core.sqlite
          .prepare('SELECT tool_input FROM observations WHERE tool_use_id = ?')
          .pluck()
          .get(id) as string;
      };
      await call('toolu_late1');
      expect(await input('toolu_late1')).toContain('ZEBRA-42');
      const put = await s.api('PUT', '/api/settings', { customRedactPatterns: ['ZEBRA-\\d+'] });
      expect(put.status, put.text).toBe(200);
      await call('toolu_late2');
      const after = await input('toolu_late2');
      expect(after).not.toContain('ZEBRA-42');
      expect(after).toContain('[REDACTED:custom]');
    } finally {
      await s.dispose();
    }
  });

  it('a pattern RE2 cannot run is refused with a 400 that names it', async () => {
    for (const [p, why] of [
      ['(a)\\1', /backreference/],
      ['secret(?=: )', /lookaround/],
      ['(unclosed', /not a valid regular expression/],
    ] as const) {
      const r = await t!.api('PUT', '/api/settings', { customRedactPatterns: ['ok-\\d+', p] });
      expect(r.status, p).toBe(400);
      expect((r.json as { error: string }).error).toContain(`'${p}'`);
      expect((r.json as { error: string }).error).toMatch(why);
    }
  });

  it(
    'a linear but costly pattern is disabled after a bounded cost and shown in Health',
    { timeout: 60_000 },
    async () => {
      // ~2,000 automaton states, no literal to skip with: tens of µs per character on RE2.
      const slow = '(?:\\w|\\s){1,1000}(?:\\w|\\s){1,1000}[A-Z]';
      const put = await t!.api('PUT', '/api/settings', { customRedactPatterns: [slow, 'INTERNAL-\\d+'] });
      expect(put.status, put.text).toBe(200);
      await post('UserPromptSubmit', { prompt: `${'ab cd '.repeat(20_000)} INTERNAL-77` });
      await post('UserPromptSubmit', { prompt: `${'ef gh '.repeat(20_000)} INTERNAL-78` });
      const h = (await t!.api('GET', '/api/health/redaction')).json as {
        ok: boolean;
        customPatterns: Array<{ pattern: string; state: string; reason: string | null }>;
      };
      expect(h.ok).toBe(false);
      expect(h.customPatterns[0]).toMatchObject({ pattern: slow, state: 'disabled' });
      expect(h.customPatterns[0]!.reason).toMatch(/too slow|took/);
      expect(h.customPatterns[1]).toMatchObject({ state: 'active' }); // the others keep working
      await t!.settled();
      const rows = t!.service.core.sqlite.prepare(`SELECT prompt FROM user_prompts`).all() as Array<{
        prompt: string;
      }>;
      expect(rows.some((r) => r.prompt.includes('INTERNAL-7'))).toBe(false);
    },
  );
});
