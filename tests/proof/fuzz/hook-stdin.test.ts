/**
 * Hook stdin fuzz: the real hook program (the compiled binary if built, as the installer prefers,
 * else the Node bundle) gets malformed stdin while a real service runs. It must exit 0 quickly,
 * print nothing for Claude, spool nothing, and the service must store nothing.
 * `MEMTRAY_HOOK_FUZZ_N` sets the count (npm test: 300; `npm run test:soak`: 10,000).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFingerprint, pick, prng } from '../../helpers/proof.js';
import { startTestService, type TestService } from '../../helpers/service.js';

const N = Number(process.env.MEMTRAY_HOOK_FUZZ_N ?? 300);
const SEED = Number(process.env.MEMTRAY_FUZZ_SEED ?? 20261121);
const EVENTS = [
  'PostToolUse',
  'PreToolUse',
  'UserPromptSubmit',
  'SessionStart',
  'Stop',
  'SessionEnd',
  'FutureEvent',
];

function hookCommand(): string[] {
  const bin = join(process.cwd(), 'dist', 'memtray-hook');
  try {
    accessSync(bin, constants.X_OK);
    return [bin];
  } catch {
    return [process.execPath, join(process.cwd(), 'dist', 'memtray-hook.cjs')];
  }
}

function malformedStdin(rnd: () => number, event: string): Buffer {
  const good = JSON.stringify({
    session_id: 'fz',
    cwd: '/tmp/fz',
    hook_event_name: event,
    prompt: 'p',
    tool_name: 'Read',
    tool_input: { file_path: '/x' },
    tool_response: 'r',
  });
  const r = rnd();
  if (r < 0.15) return Buffer.from(good.slice(0, Math.floor(rnd() * (good.length - 1))));
  if (r < 0.3)
    return Buffer.from(
      JSON.stringify({ ...JSON.parse(good), session_id: pick(rnd, [5, [], {}, true, 'x'.repeat(201)]) }),
    );
  if (r < 0.4) return Buffer.from(JSON.stringify({ ...JSON.parse(good), hook_event_name: 'SomethingElse' }));
  if (r < 0.5) return Buffer.from(JSON.stringify({ ...JSON.parse(good), cwd: pick(rnd, [1, [], {}]) }));
  if (r < 0.6) return Buffer.from(pick(rnd, ['[]', '42', '"str"', 'null', 'true', '[{"session_id":"x"}]']));
  if (r < 0.7) {
    const d = pick(rnd, [1_000, 50_000]);
    return Buffer.from(
      rnd() < 0.5 ? '['.repeat(d) + ']'.repeat(d) : `{"session_id":${'['.repeat(d)}${']'.repeat(d)}}`,
    );
  }
  if (r < 0.8) {
    const cut = Math.floor(rnd() * good.length);
    return Buffer.concat([
      Buffer.from(good.slice(0, cut)),
      Buffer.from([pick(rnd, [0xff, 0xc0, 0xed, 0xf8])]),
      Buffer.from(good.slice(cut, -1)),
    ]);
  }
  if (r < 0.88)
    return Buffer.from(
      pick(rnd, ['', '\n', '{', '}{', 'not json at all', '\u0000\u0001', "{'a':1}", '{"a":1,}']),
    );
  if (r < 0.95)
    return Buffer.from(`{"session_id":"${'x'.repeat(pick(rnd, [300, 100_000, 2_000_000]))}","prompt":"p"}`);
  return Buffer.from(`${good}${pick(rnd, ['x', '{}', ']'])}`);
}

function runHook(
  cmd: string[],
  event: string,
  dataDir: string,
  input: Buffer,
): Promise<{ code: number | null; stdout: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn(cmd[0]!, [...cmd.slice(1), event, '--data-dir', dataDir], { stdio: 'pipe' });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', () => undefined);
    child.stdin.on('error', () => undefined);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, ms: Date.now() - t0 }));
    child.stdin.end(input);
  });
}

describe('fuzz: malformed stdin to the hook program', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ writeServerJson: true });
  });
  afterAll(async () => t.dispose());

  it(`${N} malformed stdins → exit 0, no output, nothing stored or spooled`, async () => {
    const cmd = hookCommand();
    const rnd = prng(SEED);
    const before = dbFingerprint(t.service.core.sqlite);
    const failures: string[] = [];
    let next = 0;
    let slowest = 0;
    const worker = async (): Promise<void> => {
      while (next < N) {
        next++;
        const event = pick(rnd, EVENTS);
        const input = malformedStdin(rnd, event);
        const r = await runHook(cmd, event, t.dataDir, input);
        slowest = Math.max(slowest, r.ms);
        if ((r.code !== 0 || r.stdout !== '') && failures.length < 20)
          failures.push(
            `${event} ${input.subarray(0, 100).toString()} → exit ${r.code} stdout ${r.stdout.slice(0, 100)}`,
          );
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    console.log(`hook fuzz: ${N} runs of ${cmd.join(' ')}; slowest ${slowest} ms`);
    expect(failures).toEqual([]);
    expect(existsSync(join(t.dataDir, 'spool.jsonl'))).toBe(false);
    expect(dbFingerprint(t.service.core.sqlite)).toEqual(before);
    expect((await t.api('GET', '/api/health')).status).toBe(200);
  }, 1_800_000);
});
