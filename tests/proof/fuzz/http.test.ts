/**
 * HTTP fuzz: 10,000 generated malformed requests (wrong types, deep nesting, huge strings, invalid
 * UTF-8, truncated bodies, wrong content types, bad path/query params, wrong methods) spread over
 * every route the source declares. Each must get a 4xx with `{error, status}`; the service must stay
 * up; and the database must be byte-for-byte what it was (nothing written by a rejected request).
 */
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFingerprint, discoverRoutes, prng } from '../../helpers/proof.js';
import { startTestService, tempDir, type TestService } from '../../helpers/service.js';
import { fuzzCase, OPTIONAL_BODY_ROUTES, type FuzzCase } from './gen.js';

const N = Number(process.env.MEMTRAY_HTTP_FUZZ_N ?? 10_000);
const SEED = Number(process.env.MEMTRAY_FUZZ_SEED ?? 20261121);

interface Reply {
  status: number;
  text: string;
}

function send(port: number, agent: Agent, c: FuzzCase): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: c.method,
        path: c.path,
        headers: { host: `127.0.0.1:${port}`, ...c.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (b: Buffer) => chunks.push(b));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(c.body);
  });
}

describe('fuzz: malformed HTTP requests across every endpoint', () => {
  let t: TestService;
  const home = tempDir('memtray-home-');
  beforeAll(async () => {
    process.env.HOME = home; // the installer routes must never touch a real ~/.claude
    t = await startTestService();
    // Some data, so that a stray write or delete would show.
    await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: 'seed',
      cwd: '/tmp/seeded',
      prompt: 'seed prompt',
    });
    await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'seed',
      cwd: '/tmp/seeded',
      tool_name: 'Read',
      tool_input: { file_path: '/a' },
      tool_response: 'ok',
    });
    await t.settled();
  });
  afterAll(async () => t.dispose());

  it(`${N} malformed requests → 4xx with a message, service up, nothing written`, async () => {
    const routes = discoverRoutes().filter((r) => r.path !== '/api/health');
    const rnd = prng(SEED);
    const before = dbFingerprint(t.service.core.sqlite);
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const failures: string[] = [];
    const kinds = new Map<string, number>();
    const statuses = new Map<number, number>();
    let done = 0;
    const cases: FuzzCase[] = [];
    // Routes that take a body have many more ways to be malformed: give them three times the share.
    const weighted = routes.flatMap((r) => (r.method === 'POST' || r.method === 'PUT' ? [r, r, r] : [r]));
    for (let i = 0; i < N; i++) cases.push(fuzzCase(rnd, weighted[i % weighted.length]!, t.token));
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < cases.length) {
        const c = cases[next++]!;
        let r: Reply;
        try {
          r = await send(t.port, agent, c);
        } catch (err) {
          failures.push(`${c.kind} ${c.method} ${c.path}: transport error ${(err as Error).message}`);
          continue;
        }
        kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        let body: { error?: unknown; status?: unknown } = {};
        try {
          body = JSON.parse(r.text) as typeof body;
        } catch {
          body = {};
        }
        const ok =
          r.status >= 400 &&
          r.status < 500 &&
          typeof body.error === 'string' &&
          body.error.length > 0 &&
          body.status === r.status;
        if (!ok && failures.length < 30)
          failures.push(
            `${c.kind} ${c.method} ${c.path.slice(0, 80)} [${c.headers['content-type'] ?? '-'}] ${(c.body ?? Buffer.alloc(0)).subarray(0, 80).toString()} → ${r.status} ${r.text.slice(0, 200)}`,
          );
        else if (!ok) failures.push('…');
        done++;
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    agent.destroy();
    console.log(
      `fuzz: ${done} requests; kinds ${JSON.stringify(Object.fromEntries(kinds))}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
    expect(done).toBe(N);
    expect((await t.api('GET', '/api/health')).status).toBe(200);
    expect(dbFingerprint(t.service.core.sqlite)).toEqual(before);
    expect(existsSync(join(t.dataDir, 'spool.jsonl'))).toBe(false);
    expect(existsSync(join(home, '.claude'))).toBe(false);
    expect(t.service.core.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  }, 600_000);

  it('bodies cut off mid-transfer (client hangs up) → nothing written, service up', async () => {
    const before = dbFingerprint(t.service.core.sqlite);
    const body = JSON.stringify({ session_id: 'cut', cwd: '/tmp/cut', prompt: 'x'.repeat(5000) });
    const rnd = prng(SEED + 1);
    for (let i = 0; i < 100; i++) {
      const sent = Math.floor(rnd() * (body.length - 1));
      await new Promise<void>((resolve) => {
        const s = connect(t.port, '127.0.0.1', () => {
          s.write(
            `POST ${i % 2 ? '/api/hooks/UserPromptSubmit' : '/api/sessions/init'} HTTP/1.1\r\nhost: 127.0.0.1:${t.port}\r\n` +
              `authorization: Bearer ${t.token}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, sent)}`,
          );
          setTimeout(() => s.destroy(), 5);
        });
        s.on('close', () => resolve());
        s.on('error', () => undefined);
      });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.api('GET', '/api/health')).status).toBe(200);
    expect(dbFingerprint(t.service.core.sqlite)).toEqual(before);
  });

  // `validate(schema, body)` with no `?? {}`: a JSON `null` is not "no body", and an empty body is
  // already refused by the HTTP layer.
  it('a JSON null body is refused (400) by the routes whose body is optional', async () => {
    const before = dbFingerprint(t.service.core.sqlite);
    for (const path of OPTIONAL_BODY_ROUTES) {
      const r = await t.api('POST', path, null);
      expect(r.status, `${path} → ${r.text}`).toBe(400);
    }
    expect(dbFingerprint(t.service.core.sqlite)).toEqual(before);
  });
});
