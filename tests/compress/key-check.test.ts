/**
 * "Test key": one cheap request through the service to the (local) Messages API; a 401 shows as
 * invalid, and a compression call answered 401 marks the key invalid too. The key is never echoed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { memorySecretStores } from '../../electron/core/settings/secrets.js';
import { keyStatusSchema } from '../../electron/shared/contract/provider.js';
import { MessagesApiServer } from '../helpers/messages-api/server.js';
import { startTestService, type TestService } from '../helpers/service.js';

const KEY = 'sk-ant-test-key-check-0123456789';
let t: TestService | null = null;
let fake: MessagesApiServer | null = null;
afterEach(async () => {
  await t?.dispose();
  await fake?.stop();
  t = null;
  fake = null;
});

async function setup(): Promise<{ t: TestService; fake: MessagesApiServer }> {
  fake = new MessagesApiServer();
  await fake.start();
  t = await startTestService({ env: {}, secretStore: memorySecretStores({ 'api-key': null }) });
  const r = await t.api('PUT', '/api/settings', { provider: { baseUrl: fake.url } });
  expect(r.status).toBe(200);
  return { t, fake };
}

const status = async (svc: TestService, method: 'GET' | 'POST') => {
  const r =
    method === 'GET'
      ? await svc.api('GET', '/api/provider/key')
      : await svc.api('POST', '/api/provider/key/test', {});
  expect(r.status).toBe(200);
  expect(r.text).not.toContain(KEY);
  return keyStatusSchema.parse(r.json);
};

describe('API key check', () => {
  it('none without a key, unknown once set, invalid on a 401, valid on success', async () => {
    const { t, fake } = await setup();
    expect((await status(t, 'GET')).state).toBe('none');
    await t.api('PUT', '/api/settings', { apiKey: KEY });
    expect((await status(t, 'GET')).state).toBe('unknown');

    fake.next({
      kind: 'status',
      status: 401,
      body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    });
    const bad = await status(t, 'POST');
    expect(bad).toMatchObject({ state: 'invalid', source: 'test' });
    expect(bad.message).toContain('401');
    expect(fake.requests).toHaveLength(1);
    // It went to the provider with this key (the SDK's auth header), asking for no output at all.
    expect(JSON.stringify(fake.requests[0]!.headers)).toContain(KEY);
    expect(fake.requests[0]!.body.max_tokens).toBeUndefined();
    expect((await status(t, 'GET')).state).toBe('invalid');

    const good = await status(t, 'POST');
    expect(good).toMatchObject({ state: 'valid', message: null });
    expect(fake.requests).toHaveLength(2);

    // A new key starts unknown again; removing it says none.
    await t.api('PUT', '/api/settings', { apiKey: `${KEY}-2` });
    expect((await status(t, 'GET')).state).toBe('unknown');
    await t.api('PUT', '/api/settings', { apiKey: null });
    expect((await status(t, 'GET')).state).toBe('none');
  });

  it('a compression call answered 401 marks the key invalid, with a settings event', async () => {
    const { t, fake } = await setup();
    await t.api('PUT', '/api/settings', { apiKey: KEY });
    const changed: string[][] = [];
    t.service.core.bus.on('settings', (e) => changed.push(e.changed));
    fake.next(
      ...Array.from({ length: 10 }, () => ({
        kind: 'status' as const,
        status: 401,
        body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
      })),
    );
    const sid = 'key-check-session';
    await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: sid,
      transcript_path: '/tmp/none.jsonl',
      cwd: '/work/key-check',
      hook_event_name: 'UserPromptSubmit',
      prompt: 'fix the parser',
    });
    await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: sid,
      transcript_path: '/tmp/none.jsonl',
      cwd: '/work/key-check',
      hook_event_name: 'PostToolUse',
      tool_name: 'Edit',
      tool_use_id: 'toolu_key_check',
      tool_input: { file_path: '/work/key-check/a.ts', old_string: 'a', new_string: 'b' },
      tool_response: { filePath: '/work/key-check/a.ts' },
    });
    await expect.poll(async () => (await status(t, 'GET')).state, { timeout: 20_000 }).toBe('invalid');
    expect((await status(t, 'GET')).source).toBe('compression');
    expect(changed.some((c) => c.includes('apiKeyStatus'))).toBe(true);
  });
});
