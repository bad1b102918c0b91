import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestService, type HttpResult, type TestService } from '../helpers/service.js';

/** Every row count plus SQLite's own change counter: a rejected request must change neither. */
async function fingerprint(t: TestService): Promise<string> {
  await t.settled();
  const db = t.service.core.sqlite;
  const tables = [
    'sessions',
    'user_prompts',
    'observations',
    'session_summaries',
    'events',
    'projects',
    'jobs',
    'settings',
  ];
  const counts = tables.map((n) => (db.prepare(`select count(*) n from ${n}`).get() as { n: number }).n);
  const changes = (db.prepare('select total_changes() n').get() as { n: number }).n;
  return JSON.stringify({ counts, changes });
}

const prompt = { session_id: 's-guard', cwd: '/work/demo', prompt: 'hello' };

describe('request guards: a rejected request writes nothing', () => {
  let t: TestService;
  let before: string;
  const send = (opts: Parameters<typeof rawRequest>[1]): Promise<HttpResult> => rawRequest(t.port, opts);
  const auth = (): Record<string, string> => ({
    authorization: `Bearer ${t.token}`,
    'content-type': 'application/json',
  });

  beforeAll(async () => {
    t = await startTestService();
    // Something stored first, so "nothing changed" is checked against a non-empty database.
    expect((await t.api('POST', '/api/hooks/UserPromptSubmit', prompt)).status).toBe(200);
  });
  afterAll(async () => {
    await t.dispose();
  });

  const cases: Array<[string, () => Parameters<typeof rawRequest>[1], number, RegExp]> = [
    [
      'missing token',
      () => ({
        method: 'POST',
        path: '/api/hooks/UserPromptSubmit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(prompt),
      }),
      401,
      /token/,
    ],
    [
      'wrong token',
      () => ({
        method: 'POST',
        path: '/api/hooks/UserPromptSubmit',
        headers: { ...auth(), authorization: `Bearer ${'0'.repeat(64)}` },
        body: JSON.stringify(prompt),
      }),
      401,
      /token/,
    ],
    [
      'token in the query string of a normal route',
      () => ({ method: 'GET', path: `/api/sessions?access_token=${t.token}` }),
      401,
      /token/,
    ],
    [
      'foreign Host (DNS rebinding)',
      () => ({
        method: 'POST',
        path: '/api/hooks/UserPromptSubmit',
        headers: { ...auth(), host: `evil.example:${t.port}` },
        body: JSON.stringify(prompt),
      }),
      403,
      /host/,
    ],
    [
      'Host with another port',
      () => ({ method: 'GET', path: '/api/health', headers: { host: `127.0.0.1:${t.port + 1}` } }),
      403,
      /host/,
    ],
    [
      'foreign browser Origin',
      () => ({
        method: 'POST',
        path: '/api/hooks/UserPromptSubmit',
        headers: { ...auth(), origin: 'https://evil.example' },
        body: JSON.stringify(prompt),
      }),
      403,
      /origin/,
    ],
    [
      'invalid JSON',
      () => ({
        method: 'POST',
        path: '/api/hooks/UserPromptSubmit',
        headers: auth(),
        body: '{"session_id": "x", ',
      }),
      400,
      /invalid JSON/,
    ],
    [
      'empty body',
      () => ({ method: 'POST', path: '/api/sessions/init', headers: auth(), body: '' }),
      400,
      /empty/,
    ],
    [
      'invalid UTF-8',
      () => ({
        method: 'POST',
        path: '/api/hooks/UserPromptSubmit',
        headers: auth(),
        body: Buffer.concat([
          Buffer.from('{"session_id":"s","prompt":"'),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('"}'),
        ]),
      }),
      400,
      /UTF-8/,
    ],
    [
      'wrong content type',
      () => ({
        method: 'POST',
        path: '/api/hooks/UserPromptSubmit',
        headers: { ...auth(), 'content-type': 'text/plain' },
        body: JSON.stringify(prompt),
      }),
      415,
      /content-type/,
    ],
    [
      'wrong type for prompt',
      () => ({
        method: 'POST',
        path: '/api/hooks/UserPromptSubmit',
        headers: auth(),
        body: JSON.stringify({ ...prompt, prompt: 42 }),
      }),
      400,
      /prompt/,
    ],
    [
      'missing tool_name',
      () => ({
        method: 'POST',
        path: '/api/hooks/PostToolUse',
        headers: auth(),
        body: JSON.stringify({ session_id: 's', tool_input: {} }),
      }),
      400,
      /tool_name/,
    ],
    [
      'array instead of object',
      () => ({ method: 'POST', path: '/api/hooks/Stop', headers: auth(), body: '[1,2,3]' }),
      400,
      /hook payload/,
    ],
    [
      'hook_event_name disagrees with the path',
      () => ({
        method: 'POST',
        path: '/api/hooks/Stop',
        headers: auth(),
        body: JSON.stringify({ session_id: 's', hook_event_name: 'SessionEnd' }),
      }),
      400,
      /does not match/,
    ],
    [
      'bad event name',
      () => ({ method: 'POST', path: '/api/hooks/..%2Fetc', headers: auth(), body: '{}' }),
      400,
      /event/,
    ],
    [
      'init without session id',
      () => ({
        method: 'POST',
        path: '/api/sessions/init',
        headers: auth(),
        body: JSON.stringify({ prompt: 'x' }),
      }),
      400,
      /claudeSessionId/,
    ],
    [
      'init without prompt',
      () => ({
        method: 'POST',
        path: '/api/sessions/init',
        headers: auth(),
        body: JSON.stringify({ claudeSessionId: 'x' }),
      }),
      400,
      /prompt/,
    ],
    [
      'observation with numeric tool_name',
      () => ({
        method: 'POST',
        path: '/api/sessions/observations',
        headers: auth(),
        body: JSON.stringify({ claudeSessionId: 'x', tool_name: 1 }),
      }),
      400,
      /tool_name/,
    ],
    [
      'processing with a string',
      () => ({
        method: 'POST',
        path: '/api/processing',
        headers: auth(),
        body: JSON.stringify({ isProcessing: 'yes' }),
      }),
      400,
      /isProcessing/,
    ],
    [
      'project toggle with a string',
      () => ({
        method: 'PUT',
        path: '/api/projects/demo',
        headers: auth(),
        body: JSON.stringify({ capture: 'off' }),
      }),
      400,
      /capture/,
    ],
    [
      'settings with an unknown key',
      () => ({ method: 'PUT', path: '/api/settings', headers: auth(), body: JSON.stringify({ nope: 1 }) }),
      400,
      /nope|Unrecognized/i,
    ],
    [
      'settings with a bad regex',
      () => ({
        method: 'PUT',
        path: '/api/settings',
        headers: auth(),
        body: JSON.stringify({ customRedactPatterns: ['(unclosed'] }),
      }),
      400,
      /regular expression/,
    ],
    [
      'settings with a regex RE2 cannot run (custom patterns run on RE2, linear time)',
      () => ({
        method: 'PUT',
        path: '/api/settings',
        headers: auth(),
        body: JSON.stringify({ customRedactPatterns: ['(a+)\\1$'] }),
      }),
      400,
      /backreference/,
    ],
    [
      'seed init for an unknown session id',
      () => ({
        method: 'POST',
        path: '/sessions/999/init',
        headers: auth(),
        body: JSON.stringify({ userPrompt: 'x' }),
      }),
      404,
      /not found/,
    ],
    ['unknown route', () => ({ method: 'GET', path: '/api/nope', headers: auth() }), 404, /no route/],
    [
      'wrong method',
      () => ({ method: 'DELETE', path: '/api/settings', headers: auth() }),
      405,
      /not allowed/,
    ],
    [
      'bad id',
      () => ({ method: 'GET', path: '/api/sessions/abc', headers: auth() }),
      400,
      /positive integer/,
    ],
    [
      'bad limit',
      () => ({ method: 'GET', path: '/api/sessions?limit=100000', headers: auth() }),
      400,
      /limit/,
    ],
  ];

  for (const [name, build, status, message] of cases) {
    it(`${name} → ${status}`, async () => {
      before = await fingerprint(t);
      const r = await send(build());
      expect(r.status, r.text).toBe(status);
      expect((r.json as { error: string }).error).toMatch(message);
      expect(await fingerprint(t)).toBe(before);
    });
  }

  it('oversize body → 413, nothing written', async () => {
    before = await fingerprint(t);
    const big = JSON.stringify({ ...prompt, prompt: 'x'.repeat(9 * 1024 * 1024) });
    const r = await send({ method: 'POST', path: '/api/hooks/UserPromptSubmit', headers: auth(), body: big });
    expect(r.status).toBe(413);
    expect(await fingerprint(t)).toBe(before);
  });

  it('a body with a UTF-8 byte order mark is read without it', async () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ ...prompt, session_id: 's-bom', prompt: 'with a BOM' })),
    ]);
    const r = await send({ method: 'POST', path: '/api/hooks/UserPromptSubmit', headers: auth(), body });
    expect(r.status, r.text).toBe(200);
    await t.settled();
    const row = t.service.core.sqlite
      .prepare(`SELECT prompt FROM user_prompts WHERE prompt = 'with a BOM'`)
      .get() as { prompt: string } | undefined;
    expect(row?.prompt).toBe('with a BOM');
  });

  it('health needs no token but still checks Host', async () => {
    const ok = await send({ method: 'GET', path: '/api/health' });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ ok: true, version: expect.any(String), uptimeMs: expect.any(Number) });
    const bad = await send({ method: 'GET', path: '/api/health', headers: { host: 'attacker.test' } });
    expect(bad.status).toBe(403);
  });

  it('accepts localhost Host and same-origin Origin', async () => {
    const r = await send({
      method: 'GET',
      path: '/api/sessions',
      headers: {
        host: `localhost:${t.port}`,
        origin: `http://localhost:${t.port}`,
        authorization: `Bearer ${t.token}`,
      },
    });
    expect(r.status).toBe(200);
  });

  it('the stream accepts the token as access_token', async () => {
    const r = await new Promise<number>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: t.port,
            path: `/api/stream?access_token=${t.token}`,
            headers: { host: `127.0.0.1:${t.port}` },
          },
          (res) => {
            resolve(res.statusCode ?? 0);
            res.destroy();
          },
        );
        req.on('error', reject);
        req.end();
      }, reject);
    });
    expect(r).toBe(200);
  });
});
