/** Driving the real Claude Code CLI in the e2e tests: install MemTray's hooks, run `claude -p`, wait. */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';

export const CLAUDE = join(process.cwd(), 'node_modules', '.bin', 'claude');

/** `memtray hooks install` with HOME pointing at `home`: project scope in `proj`, or user scope. */
export function installHooks(
  mode: 'http' | 'command',
  where: { scope: 'project'; proj: string } | { scope: 'user' },
  home: string,
  dataDir: string,
): void {
  execFileSync(
    process.execPath,
    [
      join(process.cwd(), 'bin/memtray.mjs'),
      'hooks',
      'install',
      '--mode',
      mode,
      '--scope',
      where.scope,
      '--data-dir',
      dataDir,
    ],
    { env: { ...process.env, HOME: home }, ...(where.scope === 'project' ? { cwd: where.proj } : {}) },
  );
}

/** `memtray hooks install --scope project` in `proj`, with HOME pointing at `home`. */
export function installProjectHooks(
  mode: 'http' | 'command',
  proj: string,
  home: string,
  dataDir: string,
): void {
  installHooks(mode, { scope: 'project', proj }, home, dataDir);
}

/** Runs `claude -p PROMPT --output-format json` against a scripted Messages API at `apiUrl`. */
export function runClaude(
  proj: string,
  home: string,
  apiUrl: string,
  prompt: string,
  allowedTools: string,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOME: home,
      ANTHROPIC_BASE_URL: apiUrl,
      ANTHROPIC_API_KEY: 'sk-test-e2e',
    };
    delete env.MEMTRAY_DATA_DIR;
    delete env.CLAUDECODE;
    const p = spawn(CLAUDE, ['-p', prompt, '--allowedTools', allowedTools, '--output-format', 'json'], {
      cwd: proj,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    p.on('close', (code) => resolve({ code, out, err }));
  });
}

/** Polls `fn` every 100 ms until it returns something truthy, or throws after `ms`. */
export async function until<T>(fn: () => T | undefined | null | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
