/**
 * What leaves the machine (sync segments, the jsonl and markdown exports) is redacted with the rules
 * in force when it leaves: text captured while `redactSecrets` was off, or before a custom pattern
 * existed, is redacted on its way out, and the archive's header says what was done.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../helpers/service.js';

const TOKEN = 'ghp_LeavingTestToken0123456789abcdefABCD';
const CUSTOM = 'ACME-764512';
const FIELD_SECRET = 'hunter2-leaving-field';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('redaction when leaving the machine', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  /** Captures with redaction off, then sets `later` and writes a sync folder and both exports. */
  async function captureThenLeave(later: Record<string, unknown>): Promise<Map<string, string>> {
    t = await startTestService();
    const svc = t;
    expect((await svc.api('PUT', '/api/settings', { redactSecrets: false })).status).toBe(200);
    const post = async (ev: string, body: Record<string, unknown>): Promise<void> => {
      const r = await svc.api('POST', `/api/hooks/${ev}`, { session_id: 'leave', cwd: '/w/leave', ...body });
      expect(r.status, r.text).toBe(200);
    };
    await post('UserPromptSubmit', { prompt: `deploy with ${TOKEN} and ticket ${CUSTOM}` });
    await post('PostToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_leave',
      tool_input: { command: `curl -H "token: ${TOKEN}"`, password: FIELD_SECRET },
      tool_response: { stdout: `ok ${TOKEN} ${CUSTOM}`, stderr: '', interrupted: false },
    });
    await post('Stop', { last_assistant_message: `Deployed with ${TOKEN}.` });
    await svc.settled();
    const stored = svc.service.core.sqlite.prepare('SELECT prompt FROM user_prompts').get() as {
      prompt: string;
    };
    expect(stored.prompt).toContain(TOKEN); // captured in clear: redaction was off

    const sync = tempDir('memtray-leave-sync-');
    const outDir = tempDir('memtray-leave-out-');
    expect((await svc.api('PUT', '/api/settings', { ...later, sync: { folder: sync } })).status).toBe(200);
    for (;;) {
      const s = (await svc.api('POST', '/api/sync/run', {})).json as {
        pending: number;
        lastWriteAt: number | null;
      };
      if (s.pending === 0 && s.lastWriteAt !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const format of ['jsonl', 'markdown'] as const) {
      const path = join(outDir, `export.${format}`);
      expect((await svc.api('POST', '/api/data/export', { format, path })).status).toBe(200);
    }
    return new Map([...filesUnder(sync), ...filesUnder(outDir)].map((f) => [f, readFileSync(f, 'utf8')]));
  }

  it('secrets captured with redaction off are redacted on the way out, custom patterns included', async () => {
    const files = await captureThenLeave({ redactSecrets: true, customRedactPatterns: ['ACME-[0-9]{6}'] });
    const all = [...files.values()].join('\n');
    expect(all).toContain('deploy with'); // live: the prompt left
    for (const s of [TOKEN, CUSTOM, FIELD_SECRET]) {
      const where = [...files].filter(([, text]) => text.includes(s)).map(([f]) => f);
      expect(where, s).toEqual([]);
    }
    expect(all).toContain('[REDACTED:custom]');
    const [jsonl] = [...files].find(([f]) => f.endsWith('export.jsonl'))!.slice(1);
    const header = JSON.parse(jsonl!.split('\n')[0]!) as { note: string };
    expect(header.note).toMatch(/redacted as this archive was written/i);
    expect(header.note).not.toMatch(/when captured/i);
    const md = [...files].find(([f]) => f.endsWith('export.markdown'))![1];
    expect(md).toMatch(/redacted as this archive was written/i);
  });

  it('with redaction off, the header says the text leaves as it was captured', async () => {
    const files = await captureThenLeave({});
    const [, jsonl] = [...files].find(([f]) => f.endsWith('export.jsonl'))!;
    const header = JSON.parse(jsonl.split('\n')[0]!) as { note: string };
    expect(header.note).toMatch(/redaction is off/i);
    expect(header.note).not.toMatch(/were redacted/i);
  });
});
