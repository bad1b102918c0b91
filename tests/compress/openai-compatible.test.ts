/**
 * The `openai-compatible` provider through the real `openai` package against a local server that
 * speaks chat completions (tests/helpers/openai-api), faults included: the same ones the Anthropic
 * path passes (429 + retry-after, 500, timeout, 503/529 → failed → retry, malformed, prose, a cut
 * or garbage body, a reset connection), plus the JSON in the text instead of a call, no key at all
 * (Ollama), a key (sent, never returned), the budget and summaries.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compressPlugin } from '../../electron/core/compress/plugin.js';
import { memorySecretStores } from '../../electron/core/settings/secrets.js';
import { providerStateSchema } from '../../electron/shared/contract/providers.js';
import { FaultProxy } from '../helpers/fault-proxy.js';
import { ChatApiServer, chatUserText } from '../helpers/openai-api/server.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { drained, obsRows, toolEvent, waitQueue } from './helpers.js';

const MODEL = 'llama3.2:3b';

const read = (sid: string, n: number) =>
  toolEvent(
    sid,
    'Read',
    { file_path: `/work/proj/src/f${n}.ts` },
    { type: 'text', file: { content: 'x\n' } },
  );

interface OaRig {
  t: TestService;
  api: ChatApiServer;
  dispose(): Promise<void>;
}

async function startOa(provider: Record<string, unknown> = {}, key: string | null = null): Promise<OaRig> {
  const api = new ChatApiServer();
  await api.start();
  const t = await startTestService({
    secretStore: memorySecretStores({ 'openai-key': key }), // no Anthropic key
    plugins: [compressPlugin({ timeoutMs: 1500 })],
  });
  const r = await t.api('PUT', '/api/settings', {
    provider: { kind: 'openai-compatible', baseUrl: api.url, model: MODEL, ...provider },
  });
  if (r.status !== 200) throw new Error(r.text);
  return {
    t,
    api,
    dispose: async () => {
      await t.dispose();
      await api.stop();
    },
  };
}

describe('openai-compatible provider (the openai package, chat completions)', () => {
  let rig: OaRig | undefined;
  let proxy: FaultProxy | undefined;
  afterEach(async () => {
    await rig?.dispose();
    await proxy?.stop();
    rig = undefined;
    proxy = undefined;
  });

  it('with no key (Ollama): batches a session through a forced function call, records usage, summarises', async () => {
    rig = await startOa({ batchSize: 4, concurrency: 1 });
    const { t, api } = rig;
    for (let i = 0; i < 6; i++) await t.api('POST', '/api/hooks/PostToolUse', read('s-oa', i));
    await t.api('POST', '/api/hooks/Stop', {
      session_id: 's-oa',
      cwd: '/work/proj',
      hook_event_name: 'Stop',
    });
    await waitQueue(t, (q) => drained(q) && q.done >= 3);
    const rows = obsRows(t);
    expect(rows.map((r) => r.produced_by)).toEqual(Array(6).fill(MODEL));
    expect(rows.every((r) => /^Model memory for Read #\d+$/.test(String(r.title)))).toBe(true);
    const observe = api.requests.filter((r) => r.body.tool_choice?.function?.name === 'record_observations');
    const perRequest = observe.map((r) => (chatUserText(r.body).match(/<tool_call id="\d+"/g) ?? []).length);
    expect(perRequest.reduce((a, b) => a + b, 0)).toBe(6);
    expect(Math.max(...perRequest)).toBeLessThanOrEqual(4);
    for (const r of api.requests) {
      expect(r.headers.authorization).toBeUndefined(); // no key: no Authorization header at all
      expect(r.body.model).toBe(MODEL);
      expect(r.body.tools?.[0]?.function.parameters).toMatchObject({ type: 'object' });
      expect(r.body.messages[0]).toMatchObject({ role: 'system' });
    }
    const sum = t.service.core.sqlite.prepare('SELECT produced_by, request FROM session_summaries').get();
    expect(sum).toEqual({ produced_by: MODEL, request: 'The user asked for a change.' });
    const usage = (await t.api('GET', '/api/usage?days=1')).json as {
      days: Array<{ model: string; requests: number; inputTokens: number; outputTokens: number }>;
    };
    expect(usage.days[0]).toMatchObject({ model: MODEL, requests: api.requests.length });
    expect(usage.days[0]!.inputTokens).toBeGreaterThan(0);
    const state = providerStateSchema.parse((await t.api('GET', '/api/provider')).json);
    expect(state).toMatchObject({ kind: 'openai-compatible', state: 'ok' });
  });

  it('a key is sent as a bearer token, stored write-only, never returned', async () => {
    rig = await startOa({}, null);
    const { t, api } = rig;
    const key = 'sk-or-v1-0123456789abcdef0123456789abcdef';
    expect((await t.api('PUT', '/api/settings', { openaiApiKey: key })).status).toBe(200);
    const s = await t.api('GET', '/api/settings');
    expect(s.text).not.toContain(key);
    expect(s.json).toMatchObject({
      openaiApiKeySet: true,
      providerKind: 'openai-compatible',
      apiKeySet: false,
    });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-key', 1));
    await waitQueue(t, drained);
    expect(api.requests[0]!.headers.authorization).toBe(`Bearer ${key}`);
  });

  it('429 + retry-after, 500 and a timeout are retried with backoff; a JSON answer in the text is accepted', async () => {
    rig = await startOa();
    const { t, api } = rig;
    api.next(
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'status', status: 500 },
      { kind: 'hang' },
      { kind: 'json-in-text' },
    );
    await t.api('POST', '/api/hooks/PostToolUse', read('s-faults', 1));
    await waitQueue(t, (q) => drained(q) && q.done === 1, 30_000);
    expect(api.requests).toHaveLength(4);
    expect(api.requests[1]!.at - api.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(obsRows(t)[0]).toMatchObject({ produced_by: MODEL, status: 'processed' });
    const job = t.service.core.sqlite.prepare('SELECT attempts, status FROM jobs').get();
    expect(job).toEqual({ attempts: 4, status: 'done' });
  });

  it('after maxAttempts (503, 529) the job fails, the rule memory stays, and a retry completes it', async () => {
    rig = await startOa({ maxAttempts: 2 });
    const { t, api } = rig;
    api.next({ kind: 'status', status: 503 }, { kind: 'status', status: 529 });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-fail', 7));
    const q = await waitQueue(t, (x) => x.failed === 1, 20_000);
    expect(q.failedJobs[0]).toMatchObject({ kind: 'observe', attempts: 2 });
    expect(q.failedJobs[0]!.lastError).toMatch(/529/);
    expect(obsRows(t)[0]).toMatchObject({ status: 'failed', title: 'Read src/f7.ts' });
    expect((await t.api('POST', '/api/queue/retry', {})).json).toEqual({ retried: 1 });
    await waitQueue(t, (x) => x.done === 1 && drained(x));
    expect(obsRows(t)[0]).toMatchObject({ status: 'processed', produced_by: MODEL });
  });

  it('malformed arguments then prose twice: one retry each, then the rule result, flagged', async () => {
    rig = await startOa();
    const { t, api } = rig;
    api.next({ kind: 'malformed' }, { kind: 'ok' }, { kind: 'prose' }, { kind: 'prose' });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-m', 1));
    await waitQueue(t, drained);
    await t.api('POST', '/api/hooks/PostToolUse', read('s-p', 2));
    await waitQueue(t, (q) => drained(q) && q.done === 2);
    expect(obsRows(t).map((r) => r.produced_by)).toEqual([MODEL, 'rules:invalid-output']);
    expect(api.requests).toHaveLength(4);
  });

  it('a body cut mid-way, a reset connection and a non-JSON 200 are retried until it succeeds', async () => {
    rig = await startOa();
    const { t, api } = rig;
    proxy = new FaultProxy(api.port);
    await proxy.start();
    proxy.script = [
      { label: 'cut', fault: 'cut' },
      { label: 'reset', fault: 'reset' },
      { label: 'garbage', fault: 'garbage' },
    ];
    await t.api('PUT', '/api/settings', { provider: { baseUrl: `${proxy.url}/v1` } });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-transport', 1));
    await waitQueue(t, (q) => drained(q) && q.done === 1, 40_000);
    expect(proxy.requests.map((r) => r.fault)).toEqual(['cut', 'reset', 'garbage', 'ok']);
    expect(obsRows(t)[0]).toMatchObject({ produced_by: MODEL });
  }, 60_000);

  it('the daily budget spent: rules, flagged; kind rules: no job, no request', async () => {
    rig = await startOa({ dailyTokenBudget: 1 });
    const { t, api } = rig;
    await t.api('POST', '/api/hooks/PostToolUse', read('s-b', 1));
    await waitQueue(t, drained);
    await t.api('POST', '/api/hooks/PostToolUse', read('s-b', 2));
    await waitQueue(t, (q) => drained(q) && q.done === 2);
    expect(obsRows(t).map((r) => r.produced_by)).toEqual([MODEL, 'rules:budget-exhausted']);
    expect(api.requests).toHaveLength(1);
    await t.api('PUT', '/api/settings', { provider: { kind: 'rules' } });
    await t.api('POST', '/api/hooks/PostToolUse', read('s-b', 3));
    await t.settled();
    expect(obsRows(t)[2]).toMatchObject({ produced_by: 'rules', status: 'processed' });
    expect(api.requests).toHaveLength(1);
  });
});
