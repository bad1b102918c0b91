/**
 * bench/hooks: spawn→exit time of `memtray-hook PostToolUse` with a ~2 KB corpus payload, service
 * up and service down, measured in the same run (interleaved) as `curl` posting the same payload
 * (the floor for "a process that makes one HTTP request") and `/bin/true` (the spawn floor). Also
 * the service-side latency of an HTTP hook (`POST /api/hooks/PostToolUse`, keep-alive) as Claude
 * Code sends it. Prints JSON with p50/p95 and ratios to curl.
 *
 *   npx tsx bench/hooks/run.ts [--runs 40] [--posts 300]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpusEvents } from '../../tests/helpers/corpus.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '40' }, posts: { type: 'string', default: '300' } },
});
const RUNS = Number(values.runs);
const POSTS = Number(values.posts);
const root = process.cwd();

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};

function pickPayload(): string {
  const posts = loadCorpusEvents().filter((e) => e.eventName === 'PostToolUse');
  let best = posts[0]!;
  for (const e of posts) {
    if (
      Math.abs(JSON.stringify(e.payload).length - 2048) < Math.abs(JSON.stringify(best.payload).length - 2048)
    )
      best = e;
  }
  return JSON.stringify({ ...best.payload, session_id: 'bench-hooks' });
}

function timeSpawn(cmd: string[], stdin: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const p = spawn(cmd[0]!, cmd.slice(1), { env, stdio: ['pipe', 'ignore', 'ignore'] });
    p.on('error', reject);
    p.on('close', () => resolve(Number(process.hrtime.bigint() - t0) / 1e6));
    p.stdin.on('error', () => undefined);
    p.stdin.end(stdin);
  });
}

async function startServe(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['bin/memtray.mjs', 'serve', '--port', '0', '--data-dir', dataDir, '--quiet'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /running at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`serve exited: ${out}`)));
  });
  return { child, port };
}

function postOnce(agent: Agent, port: number, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/hooks/PostToolUse',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(Number(process.hrtime.bigint() - t0) / 1e6));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  spawnSync(process.execPath, ['scripts/build-node.mjs'], { stdio: 'ignore' });
  const payload = pickPayload();
  const dataDir = mkdtempSync(join(tmpdir(), 'memtray-bench-hooks-'));
  const env: NodeJS.ProcessEnv = { ...process.env, MEMTRAY_DATA_DIR: dataDir };
  delete env.NODE_EXTRA_CA_CERTS; // adds ~50 ms to every Node start here; users don't pay it
  const { child, port } = await startServe(dataDir);
  const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
  const payloadFile = join(dataDir, 'payload.json');
  writeFileSync(payloadFile, payload);
  const compiled = join(root, 'dist', 'memtray-hook');
  const variants: Record<string, string[]> = {
    true: ['/bin/true'],
    curl: [
      'curl',
      '-s',
      '-o',
      '/dev/null',
      '-m',
      '2',
      '-H',
      `authorization: Bearer ${token}`,
      '-H',
      'content-type: application/json',
      '--data-binary',
      '@-',
      `http://127.0.0.1:${port}/api/hooks/PostToolUse`,
    ],
    hookNode: [process.execPath, join(root, 'dist', 'memtray-hook.cjs'), 'PostToolUse'],
    ...(existsSync(compiled) ? { hookCompiled: [compiled, 'PostToolUse'] } : {}),
  };
  const measure = async (): Promise<Record<string, number[]>> => {
    const out: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
    for (const cmd of Object.values(variants)) await timeSpawn(cmd, payload, env); // warm-up
    for (let i = 0; i < RUNS; i++)
      for (const [k, cmd] of Object.entries(variants)) out[k]!.push(await timeSpawn(cmd, payload, env));
    return out;
  };
  const summarize = (m: Record<string, number[]>) => {
    const curl50 = pct(m.curl!, 50);
    return Object.fromEntries(
      Object.entries(m).map(([k, xs]) => [
        k,
        {
          p50: pct(xs, 50),
          p95: pct(xs, 95),
          ratioToCurlP50: Math.round((pct(xs, 50) / curl50) * 100) / 100,
        },
      ]),
    );
  };
  const up = summarize(await measure());

  // HTTP hook as Claude Code sends it: the service side, keep-alive.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 30; i++) await postOnce(agent, port, token, payload);
  const lat: number[] = [];
  for (let i = 0; i < POSTS; i++) lat.push(await postOnce(agent, port, token, payload));
  agent.destroy();

  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  // Service down, as after a crash: a stale server.json pointing at the closed port.
  writeFileSync(
    join(dataDir, 'server.json'),
    JSON.stringify({ port, pid: 999999, version: 'x', startedAt: '' }),
  );
  const down = summarize(await measure());
  const spooled = existsSync(join(dataDir, 'spool.jsonl'))
    ? readFileSync(join(dataDir, 'spool.jsonl'), 'utf8').trim().split('\n').length
    : 0;
  rmSync(dataDir, { recursive: true, force: true });
  const result = {
    bench: 'hooks',
    payloadBytes: Buffer.byteLength(payload),
    runs: RUNS,
    cpus: cpus().length,
    serviceUp: up,
    serviceDown: { ...down, spooledLines: spooled },
    httpHookIngestMs: { p50: pct(lat, 50), p95: pct(lat, 95), n: POSTS },
    targets: {
      compiledHookP50LeCurlX1_5: up.hookCompiled ? up.hookCompiled.ratioToCurlP50 <= 1.5 : null,
      httpHookIngestP50Le2ms: pct(lat, 50) <= 2,
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

void main();
