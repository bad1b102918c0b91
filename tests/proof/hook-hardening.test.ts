/**
 * The command hook under hostile conditions, for the Node bundle and the
 * compiled binary: endless stdin (`yes |`) and a stdin that never closes end with exit 0 and bounded
 * memory; a stale `server.json` whose port now belongs to another program never gets the token or the
 * payload (the event is spooled instead), while the real service still gets it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decideAttach } from '../../electron/main/connect.js';
import { runCli } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { cliStatusOutput } from '../../electron/shared/contract/cli.js';

const NODE_HOOK = join(process.cwd(), 'dist', 'memtray-hook.cjs');
const BUN_HOOK = join(process.cwd(), 'dist', 'memtray-hook');
const variants: Array<[string, string[]]> = [['node', [process.execPath, NODE_HOOK]]];
if (existsSync(BUN_HOOK)) variants.push(['compiled', [BUN_HOOK]]);

const TOKEN = 'c'.repeat(64);
const MARK = 'payload-marker-7f3a';

function env(dataDir: string): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, MEMTRAY_DATA_DIR: dataDir };
  delete e.NODE_EXTRA_CA_CERTS;
  return e;
}

/** Peak resident memory (kB) of a running process, from /proc (Linux). */
function peakKb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

interface Outcome {
  code: number | null;
  /** True when the test had to kill it (it did not exit by itself within `maxMs`). */
  killed: boolean;
  peakMb: number;
}

/** Runs the hook with `feed` wired to its stdin; kills it past `maxMs` or 1.5 GB (to spare the machine). */
function runWith(cmd: string[], dataDir: string, feed: 'yes' | 'silent', maxMs = 15_000): Promise<Outcome> {
  return new Promise((resolve) => {
    const hook = spawn(cmd[0]!, [...cmd.slice(1), 'PostToolUse'], {
      env: env(dataDir),
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    hook.stdin.on('error', () => undefined);
    let feeder: ReturnType<typeof spawn> | null = null;
    if (feed === 'yes') {
      feeder = spawn('yes', [], { stdio: ['ignore', 'pipe', 'ignore'] });
      feeder.stdout!.pipe(hook.stdin);
    } // 'silent': stdin stays open, nothing is written, never closed
    let peak = 0;
    let killed = false;
    const poll = setInterval(() => {
      peak = Math.max(peak, peakKb(hook.pid!));
      if (peak > 1_500_000) {
        killed = true;
        hook.kill('SIGKILL');
      }
    }, 25);
    const timer = setTimeout(() => {
      killed = true;
      hook.kill('SIGKILL');
    }, maxMs);
    hook.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      feeder?.kill('SIGKILL');
      resolve({ code, killed, peakMb: Math.round(peak / 1024) });
    });
  });
}

function runHook(cmd: string[], dataDir: string, stdin: string): Promise<number | null> {
  return new Promise((resolve) => {
    const p = spawn(cmd[0]!, [...cmd.slice(1), 'PostToolUse'], {
      env: env(dataDir),
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    p.on('exit', (code) => resolve(code));
    p.stdin.end(stdin);
  });
}

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** Another program on the port server.json names: records what it is sent; `proof` is what it answers to a ping. */
async function stranger(
  answer: (req: IncomingMessage) => string,
): Promise<{ port: number; seen: Seen[]; close(): void }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer(req));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, seen, close: () => server.close() };
}

describe.each(variants)('memtray-hook (%s): bounded stdin', (_name, cmd) => {
  it('5: endless stdin (`yes |`) → exit 0 with bounded memory, nothing spooled', async () => {
    const dir = tempDir();
    const r = await runWith(cmd, dir, 'yes');
    expect(r.killed, `peak ${r.peakMb} MB`).toBe(false);
    expect(r.code).toBe(0);
    expect(r.peakMb).toBeLessThan(300);
    expect(existsSync(join(dir, 'spool.jsonl'))).toBe(false);
  }, 30_000);

  it('5: a stdin that never closes → exit 0 by its own deadline', async () => {
    const r = await runWith(cmd, tempDir(), 'silent');
    expect(r.killed).toBe(false);
    expect(r.code).toBe(0);
  }, 30_000);
});

describe.each(variants)('memtray-hook (%s): who it talks to', (_name, cmd) => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  for (const [what, answer] of [
    ['answers {} to everything', () => '{}'],
    ['answers a made-up proof', () => JSON.stringify({ proof: 'ab'.repeat(32) })],
  ] as const) {
    it(`10: a stale server.json whose port now belongs to a stranger that ${what}: no token, no payload; spooled`, async () => {
      const s = await stranger(answer);
      try {
        const dir = tempDir();
        writeFileSync(join(dir, 'token'), `${TOKEN}\n`);
        writeFileSync(
          join(dir, 'server.json'),
          JSON.stringify({
            port: s.port,
            pid: process.pid,
            instance: 'ab'.repeat(16),
            version: 'x',
            startedAt: '',
          }),
        );
        const payload = {
          session_id: 'stale-1',
          cwd: '/tmp/p',
          tool_name: 'Bash',
          tool_input: { command: MARK },
        };
        expect(await runHook(cmd, dir, JSON.stringify(payload))).toBe(0);
        const everything = JSON.stringify(s.seen);
        expect(everything).not.toContain(TOKEN);
        expect(everything).not.toContain(MARK);
        expect(s.seen.every((x) => x.authorization === undefined)).toBe(true);
        expect(readFileSync(join(dir, 'spool.jsonl'), 'utf8')).toContain(MARK);
      } finally {
        s.close();
      }
    });
  }

  it('10: the real service proves itself and gets the event', async () => {
    t = await startTestService({ writeServerJson: true });
    const payload = {
      session_id: 'real-1',
      cwd: '/tmp/p',
      tool_name: 'Bash',
      tool_input: { command: MARK },
      tool_response: 'ok',
    };
    expect(await runHook(cmd, t.dataDir, JSON.stringify(payload))).toBe(0);
    await t.settled();
    expect(t.service.core.read.sessionByClaudeId('real-1')).toBeTruthy();
    expect(existsSync(join(t.dataDir, 'spool.jsonl'))).toBe(false);
  });
});

describe('other token holders check server.json the same way (10)', () => {
  it('`memtray status` and the Electron shell do not send the token to a stranger on the port', async () => {
    const s = await stranger(() => JSON.stringify({ proof: 'ab'.repeat(32), ok: true, dataDir: '/x' }));
    try {
      const dir = tempDir();
      writeFileSync(join(dir, 'token'), `${TOKEN}\n`);
      writeFileSync(
        join(dir, 'server.json'),
        JSON.stringify({
          port: s.port,
          pid: process.pid,
          instance: 'ab'.repeat(16),
          version: 'x',
          startedAt: '',
        }),
      );
      const st = await runCli(['status', '--data-dir', dir, '--json']);
      expect(st.code).not.toBe(0);
      expect(cliStatusOutput.parse(JSON.parse(st.stdout))).toMatchObject({ running: false });
      const d = await decideAttach(dir, { selfPid: -1, probeTimeoutMs: 1000 });
      expect(d.kind).toBe('start');
      expect(JSON.stringify(s.seen)).not.toContain(TOKEN);
      expect(s.seen.every((x) => x.authorization === undefined)).toBe(true);
    } finally {
      s.close();
    }
  });
});
