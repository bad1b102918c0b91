import { afterEach, describe, expect, it } from 'vitest';
import { userText } from '../helpers/messages-api/server.js';
import { drained, obsRows, startRig, toolEvent, waitQueue, type Rig } from './helpers.js';

const read = (sid: string, n: number) =>
  toolEvent(
    sid,
    'Read',
    { file_path: `/work/proj/src/f${n}.ts` },
    {
      type: 'text',
      file: {
        filePath: `/work/proj/src/f${n}.ts`,
        content: 'export const x = 1;\n',
        numLines: 1,
        startLine: 1,
        totalLines: 1,
      },
    },
  );

describe('compression through the real SDK against a local Messages API server', () => {
  let rig: Rig;
  afterEach(async () => {
    await rig?.dispose();
  });

  it('batches one session per request, caches the instructions, applies valid output', async () => {
    rig = await startRig({ provider: { batchSize: 8, concurrency: 1 } });
    const { t, api } = rig;
    // Hold the first request so the rest of the session queues up behind it.
    api.next({ kind: 'ok' });
    api.latencyMs = 300;
    for (let i = 0; i < 9; i++)
      expect((await t.api('POST', '/api/hooks/PostToolUse', read('s-batch', i))).status).toBe(200);
    await waitQueue(t, drained);
    const rows = obsRows(t);
    expect(rows).toHaveLength(9);
    for (const r of rows) {
      expect(r.status).toBe('processed');
      expect(r.produced_by).toBe('claude-haiku-4-5');
      expect(String(r.title)).toMatch(/^Model memory for Read #\d+$/);
    }
    // 9 observations in fewer requests than observations; no request holds more than batchSize.
    const perRequest = api.requests.map((r) => (userText(r.body).match(/<tool_call id="\d+"/g) ?? []).length);
    expect(perRequest.reduce((a, b) => a + b, 0)).toBe(9);
    expect(Math.max(...perRequest)).toBeLessThanOrEqual(8);
    expect(api.requests.length).toBeLessThan(9);
    for (const r of api.requests) {
      const sys = r.body.system as Array<{ cache_control?: { type: string } }>;
      expect(sys[sys.length - 1]!.cache_control).toEqual({ type: 'ephemeral' });
      expect(r.body.tool_choice).toEqual({ type: 'tool', name: 'record_observations' });
      expect(String(r.headers['x-api-key'] ?? r.headers.authorization)).toContain(
        'sk-ant-api03-test-key-for-the-local-server',
      );
    }
    const usage = (await t.api('GET', '/api/usage?days=7')).json as {
      days: Array<{
        requests: number;
        cacheReadTokens: number;
        cacheWriteTokens: number;
        inputTokens: number;
      }>;
      today: { used: number; exhausted: boolean };
    };
    expect(usage.days[0]!.requests).toBe(api.requests.length);
    expect(usage.days[0]!.cacheWriteTokens).toBeGreaterThan(0);
    expect(usage.days[0]!.cacheReadTokens).toBeGreaterThan(0);
    expect(usage.today.used).toBeGreaterThan(0);
    expect(usage.today.exhausted).toBe(false);
  });

  it('honours retry-after on 429, backs off on 500 and on timeouts, then succeeds', async () => {
    rig = await startRig({ plugin: { timeoutMs: 500 } });
    const { t, api } = rig;
    api.next(
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'status', status: 500 },
      { kind: 'hang' },
    );
    await t.api('POST', '/api/hooks/PostToolUse', read('s-faults', 1));
    const q = await waitQueue(t, drained, 20_000);
    expect(q.done).toBe(1);
    expect(api.requests).toHaveLength(4);
    // retry-after: 1 s honoured between the 429 and the next attempt.
    expect(api.requests[1]!.at - api.requests[0]!.at).toBeGreaterThanOrEqual(950);
    const [row] = obsRows(t);
    expect(row!.produced_by).toBe('claude-haiku-4-5');
    const job = t.service.core.sqlite.prepare('SELECT attempts, status FROM jobs').get() as {
      attempts: number;
      status: string;
    };
    expect(job).toEqual({ attempts: 4, status: 'done' });
  });

  it('after maxAttempts the job fails, the raw observation stays searchable, and retry runs it again', async () => {
    rig = await startRig({ provider: { maxAttempts: 2 } });
    const { t, api } = rig;
    api.next({ kind: 'status', status: 503 }, { kind: 'status', status: 529 });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-fail', 7));
    const q = await waitQueue(t, (x) => x.failed === 1, 20_000);
    expect(q.failedJobs[0]).toMatchObject({ kind: 'observe', attempts: 2 });
    expect(q.failedJobs[0]!.lastError).toMatch(/529/);
    let [row] = obsRows(t);
    expect(row!.status).toBe('failed');
    expect(row!.title).toBe('Read src/f7.ts'); // the rule-based fields stand
    const fts = t.service.core.sqlite
      .prepare(`SELECT rowid FROM observations_fts WHERE observations_fts MATCH 'f7'`)
      .all();
    expect(fts).toHaveLength(1);
    const r = await t.api('POST', '/api/queue/retry', {});
    expect(r.json).toEqual({ retried: 1 });
    await waitQueue(t, (x) => x.done === 1 && drained(x));
    [row] = obsRows(t);
    expect(row!.status).toBe('processed');
    expect(row!.produced_by).toBe('claude-haiku-4-5');
    expect((await t.api('POST', '/api/queue/retry', { ids: [12345] })).json).toEqual({ retried: 0 });
    expect((await t.api('POST', '/api/queue/retry', { ids: ['x'] })).status).toBe(400);
  });

  it('malformed output and prose get one retry, then the rule-based result with a flag', async () => {
    rig = await startRig();
    const { t, api } = rig;
    api.next({ kind: 'malformed' }, { kind: 'ok' });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-malformed', 1));
    await waitQueue(t, drained);
    expect(obsRows(t)[0]!.produced_by).toBe('claude-haiku-4-5');
    expect(api.requests).toHaveLength(2);

    api.next({ kind: 'prose' }, { kind: 'prose' });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-prose', 2));
    await waitQueue(t, drained);
    const row = obsRows(t)[1]!;
    expect(row.produced_by).toBe('rules:invalid-output');
    expect(row.status).toBe('processed');
    expect(row.title).toBe('Read src/f2.ts');
    expect(api.requests).toHaveLength(4);
  });

  it('a huge input is truncated: no request carries a whole file', async () => {
    rig = await startRig();
    const { t, api } = rig;
    const huge = `${'A'.repeat(10)}${'line of code\n'.repeat(40_000)}ZZ_TAIL_MARKER`;
    await t.api(
      'POST',
      '/api/hooks/PostToolUse',
      toolEvent(
        's-huge',
        'Edit',
        { file_path: '/work/proj/big.ts', old_string: huge, new_string: 'x' },
        { filePath: '/work/proj/big.ts', originalFile: huge, structuredPatch: [] },
      ),
    );
    await waitQueue(t, drained);
    expect(api.requests).toHaveLength(1);
    const raw = api.requests[0]!.raw;
    expect(raw.length).toBeLessThan(20_000);
    expect(raw).toContain('chars omitted');
    expect(raw).toContain('ZZ_TAIL_MARKER'); // head and tail kept
    expect(raw).not.toContain('originalFile');
  });

  it('without a key: no job, rules only; with the daily budget spent: rules, flagged, and /api/usage says so', async () => {
    rig = await startRig({ key: null });
    await rig.t.api('POST', '/api/hooks/PostToolUse', read('s-nokey', 1));
    await rig.t.settled();
    expect(obsRows(rig.t)[0]).toMatchObject({ status: 'processed', produced_by: 'rules', type: 'discovery' });
    expect(((await rig.t.api('GET', '/api/queue')).json as { pending: number }).pending).toBe(0);
    expect(rig.api.requests).toHaveLength(0);
    await rig.dispose();

    rig = await startRig({ provider: { dailyTokenBudget: 1 } });
    const { t, api } = rig;
    await t.api('POST', '/api/hooks/PostToolUse', read('s-budget', 1));
    await waitQueue(t, drained);
    await t.api('POST', '/api/hooks/PostToolUse', read('s-budget', 2));
    await waitQueue(t, (q) => drained(q) && q.done === 2);
    expect(api.requests).toHaveLength(1);
    expect(obsRows(t).map((r) => r.produced_by)).toEqual(['claude-haiku-4-5', 'rules:budget-exhausted']);
    const u = (await t.api('GET', '/api/usage')).json as { today: { exhausted: boolean; budget: number } };
    expect(u.today).toMatchObject({ exhausted: true, budget: 1 });
  });

  it('summaries: Stop writes one summary per session, a later Stop updates it', async () => {
    rig = await startRig();
    const { t, api } = rig;
    const sid = 's-summary';
    await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: sid,
      cwd: '/work/proj',
      prompt: 'Fix the login bug',
    });
    await t.api('POST', '/api/hooks/PostToolUse', read(sid, 1));
    await t.api('POST', '/api/hooks/Stop', {
      session_id: sid,
      cwd: '/work/proj',
      last_assistant_message: 'Fixed it.',
    });
    await waitQueue(t, drained);
    const sums = () =>
      t.service.core.sqlite.prepare('SELECT * FROM session_summaries').all() as Array<
        Record<string, unknown>
      >;
    expect(sums()).toHaveLength(1);
    expect(sums()[0]).toMatchObject({
      request: 'The user asked for a change.',
      produced_by: 'claude-haiku-4-5',
      prompt_number: 1,
    });
    const sumReq = api.requests.find((r) => r.body.tool_choice?.name === 'record_summary')!;
    expect(sumReq.raw).toContain('Fix the login bug');
    expect(sumReq.raw).toContain('Model memory for Read'); // observation processed before the summary

    await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: sid,
      cwd: '/work/proj',
      prompt: 'Now add a test',
    });
    api.next({ kind: 'prose' }, { kind: 'prose' });
    const r = await t.api('POST', '/api/sessions/summarize', {
      claudeSessionId: sid,
      last_assistant_message: 'Added the test.',
    });
    expect(r.status).toBeLessThan(300);
    await waitQueue(t, drained);
    expect(sums()).toHaveLength(1);
    expect(sums()[0]).toMatchObject({ produced_by: 'rules:invalid-output', prompt_number: 2 });
    expect(String(sums()[0]!.request)).toContain('Now add a test');
  });
});
