/**
 * The command hook and MemTray's own `claude` runs: with `MEMTRAY_INTERNAL=1` in its environment
 * (the claude-code provider sets it) `memtray-hook` exits at once: nothing posted, nothing spooled,
 * no context printed. The same calls without the variable are the control.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirPaths } from '../../electron/core/config/data-dir.js';
import { INTERNAL_ENV } from '../../electron/core/util/internal-runs.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const NODE_HOOK = join(process.cwd(), 'dist', 'memtray-hook.cjs');
const BUN_HOOK = join(process.cwd(), 'dist', 'memtray-hook');
const variants: Array<[string, string[]]> = [['node', [process.execPath, NODE_HOOK]]];
if (existsSync(BUN_HOOK)) variants.push(['compiled', [BUN_HOOK]]);

function runHook(cmd: string[], event: string, body: unknown, dataDir: string, internal: boolean) {
  return new Promise<{ code: number | null; stdout: string }>((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, MEMTRAY_DATA_DIR: dataDir };
    if (internal) env[INTERNAL_ENV] = '1';
    else delete env[INTERNAL_ENV];
    const p = spawn(cmd[0]!, [...cmd.slice(1), event], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.on('close', (code) => resolve({ code, stdout }));
    // An internal run exits without reading its stdin, so a write larger than the pipe's buffer
    // fails with EPIPE, as Claude Code's would (it ignores that); the padding makes that certain
    // (without the handler it surfaced as an uncaught error, now and then, under load).
    p.stdin.on('error', () => {});
    p.stdin.end(JSON.stringify(internal ? { ...(body as object), padding: 'x'.repeat(256 * 1024) } : body));
  });
}

const prompt = (sid: string) => ({
  session_id: sid,
  cwd: '/tmp/proj-internal',
  hook_event_name: 'UserPromptSubmit',
  prompt: 'summarise these tool calls',
});
const start = (sid: string) => ({
  session_id: sid,
  cwd: '/tmp/proj-internal',
  hook_event_name: 'SessionStart',
});

describe.each(variants)('memtray-hook (%s) in a run MemTray started', (_name, cmd) => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });
  const events = () =>
    (t!.service.core.sqlite.prepare('SELECT count(*) n FROM events').get() as { n: number }).n;

  it('service up: nothing posted and no context printed; the control is captured', async () => {
    t = await startTestService({ writeServerJson: true });
    const a = await runHook(cmd, 'SessionStart', start('s-int'), t.dataDir, true);
    const b = await runHook(cmd, 'UserPromptSubmit', prompt('s-int'), t.dataDir, true);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.stdout).toBe('');
    await t.settled();
    expect(events()).toBe(0);
    const c = await runHook(cmd, 'SessionStart', start('s-ctl'), t.dataDir, false);
    await runHook(cmd, 'UserPromptSubmit', prompt('s-ctl'), t.dataDir, false);
    expect(c.stdout).not.toBe('');
    await t.settled();
    expect(events()).toBeGreaterThan(0);
  });

  it('service down: nothing spooled; the control is', async () => {
    const dir = tempDir('memtray-hook-internal-');
    const spool = dataDirPaths(dir).spool;
    await runHook(cmd, 'UserPromptSubmit', prompt('s-int'), dir, true);
    expect(existsSync(spool)).toBe(false);
    await runHook(cmd, 'UserPromptSubmit', prompt('s-ctl'), dir, false);
    expect(existsSync(spool)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});
