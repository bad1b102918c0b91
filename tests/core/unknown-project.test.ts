import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestService } from '../helpers/service.js';

describe('a session whose first event carried no working directory', () => {
  it('joins the project of the first event that names one; no stray "unknown" project stays', async () => {
    const t = await startTestService();
    const dir = mkdtempSync(join(tmpdir(), 'memtray-cwd-'));
    try {
      const post = async (event: string, body: Record<string, unknown>) =>
        expect(
          (
            await t.api('POST', `/api/hooks/${event}`, {
              session_id: 'no-cwd-first',
              transcript_path: '/tmp/none.jsonl',
              hook_event_name: event,
              ...body,
            })
          ).status,
        ).toBe(200);
      await post('SessionStart', { source: 'startup' });
      await post('UserPromptSubmit', { cwd: dir, prompt: 'where am I' });
      await t.settled();
      const sessions = (await t.api('GET', '/api/sessions')).json as {
        items: Array<{ claudeSessionId: string; project: string; cwd: string | null }>;
      };
      const s = sessions.items.find((x) => x.claudeSessionId === 'no-cwd-first')!;
      expect(s.cwd).toBe(dir);
      expect(s.project).toBe(basename(dir));
      const projects = (await t.api('GET', '/api/projects')).json as { items: Array<{ name: string }> };
      expect(projects.items.map((p) => p.name)).not.toContain('unknown');
    } finally {
      await t.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
