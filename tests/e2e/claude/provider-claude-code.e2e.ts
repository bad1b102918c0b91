/**
 * The `claude-code` compression provider with the real Claude Code CLI (`node_modules/.bin/claude`)
 * against the scripted Messages API: success and batching, summaries, invalid output → one retry →
 * rules, the CLI missing, the CLI hanging (killed at the timeout), a rate limit (the provider waits
 * and Health says so).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { providerStateSchema } from '../../../electron/shared/contract/providers.js';
import { userText, systemText } from '../../helpers/messages-api/server.js';
import { drained, obsRows, toolEvent, waitQueue } from '../../compress/helpers.js';
import { until } from './cli.js';
import { claudeRunsAlive, startCliRig, type CliRig } from './provider-rig.js';

const read = (sid: string, n: number) =>
  toolEvent(
    sid,
    'Read',
    { file_path: `/work/proj/src/f${n}.ts` },
    { type: 'text', file: { content: 'x\n' } },
  );

describe('claude-code provider (the real claude CLI, headless)', () => {
  let rig: CliRig | undefined;
  afterEach(async () => {
    await rig?.dispose();
    rig = undefined;
  });

  it('compresses a session in batches through `claude -p`, records usage, writes the summary', async () => {
    rig = await startCliRig({ provider: { batchSize: 3 } });
    const { t, api } = rig;
    for (let i = 0; i < 5; i++)
      expect((await t.api('POST', '/api/hooks/PostToolUse', read('s-cc', i))).status).toBe(200);
    await waitQueue(t, drained, 60_000);
    const rows = obsRows(t);
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(r.status).toBe('processed');
      expect(r.produced_by).toBe('claude-code:claude-haiku-4-5');
      expect(String(r.title)).toMatch(/^Model memory for Read #\d+$/);
    }
    // Batches of at most 3, every observation sent once, each run one request with no tools.
    const perRequest = api.requests.map((r) => (userText(r.body).match(/<tool_call id="\d+"/g) ?? []).length);
    expect(perRequest.reduce((a, b) => a + b, 0)).toBe(5);
    expect(Math.max(...perRequest)).toBeLessThanOrEqual(3);
    expect(api.requests.length).toBeLessThan(5);
    for (const r of api.requests) {
      expect(r.body.tools ?? []).toEqual([]);
      expect(systemText(r.body)).toContain("You are MemTray's memory compressor");
      expect(r.body.model).toBe('claude-haiku-4-5');
    }
    const usage = (await t.api('GET', '/api/usage?days=1')).json as {
      days: Array<{ model: string; requests: number; inputTokens: number; outputTokens: number }>;
    };
    expect(usage.days[0]).toMatchObject({
      model: 'claude-code:claude-haiku-4-5',
      requests: api.requests.length,
    });
    expect(usage.days[0]!.outputTokens).toBeGreaterThan(0);

    // Stop → one summary, written by the model through the CLI.
    await t.api('POST', '/api/hooks/Stop', {
      session_id: 's-cc',
      cwd: '/work/proj',
      hook_event_name: 'Stop',
    });
    await waitQueue(t, (q) => drained(q) && q.done >= 3, 60_000);
    const sum = t.service.core.sqlite.prepare('SELECT produced_by, request FROM session_summaries').get() as {
      produced_by: string;
      request: string;
    };
    expect(sum).toEqual({
      produced_by: 'claude-code:claude-haiku-4-5',
      request: 'The user asked for a change.',
    });
    const state = providerStateSchema.parse((await t.api('GET', '/api/provider')).json);
    expect(state).toMatchObject({ kind: 'claude-code', state: 'ok', claude: { found: true } });
    expect(state.lastOkAt).not.toBeNull();
  });

  it('prose twice → one retry, then the rule result stands, flagged', async () => {
    rig = await startCliRig();
    const { t, api } = rig;
    api.next({ kind: 'prose' }, { kind: 'malformed' });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-bad', 1));
    await waitQueue(t, drained, 60_000);
    expect(api.requests).toHaveLength(2);
    expect(userText(api.requests[1]!.body)).toContain('Your previous answer was not a valid');
    const [row] = obsRows(t);
    expect(row).toMatchObject({
      status: 'processed',
      produced_by: 'rules:invalid-output',
      type: 'discovery',
    });
  });

  it('the CLI missing: the job fails at once with why, the rule memory stays, Health says not found', async () => {
    rig = await startCliRig({ provider: { claudePath: '/nonexistent/bin/claude' } });
    const { t, api } = rig;
    await t.api('POST', '/api/hooks/PostToolUse', read('s-missing', 1));
    const q = await waitQueue(t, (x) => x.failed === 1, 30_000);
    expect(q.failedJobs[0]!.lastError).toMatch(/claude CLI not found/);
    expect(q.failedJobs[0]!.attempts).toBe(1);
    expect(api.requests).toHaveLength(0);
    expect(obsRows(t)[0]).toMatchObject({ status: 'failed', produced_by: 'rules' });
    const state = providerStateSchema.parse((await t.api('GET', '/api/provider')).json);
    expect(state).toMatchObject({ state: 'failing', claude: { found: false, path: null } });
  });

  it('the CLI hanging is killed at the timeout and the job is retried', async () => {
    rig = await startCliRig({ plugin: { cliTimeoutMs: 4000 } });
    const { t, api } = rig;
    api.next({ kind: 'hang' });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-hang', 1));
    await until(() => api.requests.length === 1, 30_000);
    expect(claudeRunsAlive(t.dataDir).length).toBeGreaterThan(0);
    // Killed at the timeout: the job is back to pending with why, and no claude process is left.
    const q = await waitQueue(t, (x) => x.pending === 1 && x.leased === 0, 30_000);
    expect(q.pending).toBe(1);
    const job = t.service.core.sqlite.prepare('SELECT last_error AS e FROM jobs').get() as { e: string };
    expect(job.e).toMatch(/no answer within 4 s \(killed\)/);
    await until(() => claudeRunsAlive(t.dataDir).length === 0, 10_000);
    // The retry (after its backoff) answers.
    await waitQueue(t, drained, 60_000);
    expect(obsRows(t)[0]).toMatchObject({ produced_by: 'claude-code:claude-haiku-4-5' });
  });

  it('a usage limit (429) pauses the provider until its reset; nothing is sent meanwhile; Health says so', async () => {
    rig = await startCliRig();
    const { t, api } = rig;
    const reset = Math.floor(Date.now() / 1000) + 8;
    const message = `Claude AI usage limit reached|${reset}`;
    api.next({
      kind: 'status',
      status: 429,
      body: { type: 'error', error: { type: 'rate_limit_error', message } },
    });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-rl-1', 1));
    const limited = await untilAsync(async () => {
      const s = providerStateSchema.parse((await t.api('GET', '/api/provider')).json);
      return s.state === 'rate-limited' ? s : null;
    });
    expect(limited.rateLimited).toBe(true);
    // Until the reset the CLI reported (the wait is computed from the time the run ended).
    expect(Math.abs(limited.waitUntil! - reset * 1000)).toBeLessThan(1000);
    expect(limited.lastError?.message).toMatch(/429.*usage limit reached/);
    // Another session's call arrives while the provider waits: it is not sent.
    await t.api('POST', '/api/hooks/PostToolUse', read('s-rl-2', 2));
    const q = (await t.api('GET', '/api/queue')).json as { pending: number; leased: number };
    expect(q).toMatchObject({ pending: 2, leased: 0 });
    expect(api.requests).toHaveLength(1);
    await waitQueue(t, drained, 60_000);
    expect(api.requests.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...api.requests.slice(1).map((r) => r.at))).toBeGreaterThanOrEqual(reset * 1000);
    expect(obsRows(t).map((r) => r.produced_by)).toEqual([
      'claude-code:claude-haiku-4-5',
      'claude-code:claude-haiku-4-5',
    ]);
    const after = providerStateSchema.parse((await t.api('GET', '/api/provider')).json);
    expect(after.state).toBe('ok');
  });
});

async function untilAsync<T>(fn: () => Promise<T | null>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
