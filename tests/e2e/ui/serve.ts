/** A real `memtray serve` child process over a temp data dir, for the browser e2e tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadHookEvents, type CorpusEvent } from '../../helpers/corpus';

export interface Served {
  dataDir: string;
  port: number;
  token: string;
  base: string;
  /** The URL `memtray serve` prints: `/?token=…`. */
  uiUrl: string;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  stop(): Promise<void>;
  /** Stop, then delete the data dir. */
  dispose(): Promise<void>;
}

async function waitFor<T>(fn: () => T | null, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== null) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * `port`: 0 for any free one; a restart passes the previous one so the open page reconnects. `cwd`:
 * the service's working folder (its own project, whose `.claude/` settings it reads).
 */
export async function serve(dataDir?: string, port = 0, opts: { cwd?: string } = {}): Promise<Served> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'memtray-e2e-'));
  try {
    return await start(dir, port, opts);
  } catch (err) {
    // start() stopped the child; a data dir made here goes too (a given one is the caller's).
    if (dataDir === undefined) rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

async function start(dataDir: string, port: number, opts: { cwd?: string }): Promise<Served> {
  const serverJson = join(dataDir, 'server.json');
  const home = join(dataDir, 'home');
  mkdirSync(home, { recursive: true });
  rmSync(serverJson, { force: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [resolve('bin/memtray.mjs'), 'serve', '--port', String(port), '--data-dir', dataDir, '--quiet'],
    {
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
      stdio: ['ignore', 'pipe', 'pipe'], // A private HOME: "Install hooks" must never touch the real ~/.claude/settings.json.
      env: { ...process.env, HOME: home, ANTHROPIC_API_KEY: '' },
    },
  );
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    return await connect(child, exited, dataDir, () => output);
  } catch (err) {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    throw err;
  }
}

/** Waits until the child serves and prints its UI link; the service's handle. */
async function connect(
  child: ChildProcess,
  exited: Promise<void>,
  dataDir: string,
  output: () => string,
): Promise<Served> {
  const serverJson = join(dataDir, 'server.json');
  const bound = await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`memtray serve exited ${child.exitCode}: ${output()}`);
      if (!existsSync(serverJson)) return null;
      try {
        return (JSON.parse(readFileSync(serverJson, 'utf8')) as { port: number }).port;
      } catch {
        return null;
      }
    },
    20_000,
    'server.json',
  );
  const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
  const base = `http://127.0.0.1:${bound}`;
  const printed = await waitFor(() => /Open the UI: (\S+)/.exec(output())?.[1] ?? null, 5000, 'the UI link');
  return {
    dataDir,
    port: bound,
    token,
    base,
    uiUrl: printed,
    async api(method, path, body) {
      const res = await fetch(base + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      let json: unknown = undefined;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: res.status, json };
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async dispose() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Posts the recorded hook payloads through `/api/hooks/:event` (the project's own pricebook fixtures,
 * plus ../shared/corpus when it is beside the repo); returns how many events were sent.
 */
export async function seedCorpus(
  s: Served,
  filter: (e: CorpusEvent) => boolean = () => true,
): Promise<number> {
  const events = loadHookEvents().filter(filter);
  for (const ev of events) {
    const r = await s.api('POST', `/api/hooks/${ev.eventName}`, ev.payload);
    if (r.status !== 200)
      throw new Error(`seeding ${ev.source} ${ev.eventName}: ${r.status} ${JSON.stringify(r.json)}`);
  }
  return events.length;
}

/** True when the service has this route (a 404 "no route" means another issue has not landed it yet). */
export async function hasRoute(s: Served, path: string): Promise<boolean> {
  const r = await s.api('GET', path);
  const err = (r.json as { error?: unknown } | undefined)?.error;
  return !(r.status === 404 && typeof err === 'string' && err.startsWith('no route'));
}
