import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeServerInfo, dataDirPaths } from '../../electron/core/config/data-dir.js';
import { importSpool } from '../../electron/core/capture/spool.js';
import { loadHookEvents } from '../helpers/corpus.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const NODE_HOOK = join(process.cwd(), 'dist', 'memtray-hook.cjs');
const BUN_HOOK = join(process.cwd(), 'dist', 'memtray-hook');
const variants: Array<[string, string[]]> = [['node', [process.execPath, NODE_HOOK]]];
if (existsSync(BUN_HOOK)) variants.push(['compiled', [BUN_HOOK]]);

interface Run {
  code: number | null;
  stdout: string;
  ms: number;
}

function runHook(cmd: string[], event: string, stdin: string, dataDir: string): Promise<Run> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const env: NodeJS.ProcessEnv = { ...process.env, MEMTRAY_DATA_DIR: dataDir };
    delete env.NODE_EXTRA_CA_CERTS;
    const p = spawn(cmd[0]!, [...cmd.slice(1), event], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.on('close', (code) => resolve({ code, stdout, ms: performance.now() - t0 }));
    p.stdin.end(stdin);
  });
}

const corpus = loadHookEvents();
const bash = corpus.find((e) => e.eventName === 'PostToolUse' && e.payload.tool_name === 'Bash')!.payload;

describe.each(variants)('memtray-hook (%s)', (_name, cmd) => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('posts to the service with private text stripped; SessionStart prints the context', async () => {
    t = await startTestService({ writeServerJson: true });
    const sid = `hook-${_name}-1`;
    const prompt = { session_id: sid, cwd: '/tmp/projx', prompt: 'fix it <private>hunter2</private> now' };
    expect((await runHook(cmd, 'UserPromptSubmit', JSON.stringify(prompt), t.dataDir)).code).toBe(0);
    const post = { ...bash, session_id: sid, cwd: '/tmp/projx', tool_use_id: `toolu_${_name}` };
    expect((await runHook(cmd, 'PostToolUse', JSON.stringify(post), t.dataDir)).code).toBe(0);
    // The 2xx means journaled; the rows come from the projector (HTTP reads wait for it, this direct one must).
    await t.settled();
    const s = t.service.core.read.sessionByClaudeId(sid)!;
    const detail = (await t.api('GET', `/api/sessions/${s.id}`)).json as {
      prompts: Array<{ prompt: string; promptNumber: number }>;
      observations: Array<{ toolName: string; promptNumber: number }>;
    };
    expect(detail.prompts.map((p) => p.prompt)).toEqual(['fix it  now']);
    expect(detail.observations.map((o) => [o.toolName, o.promptNumber])).toEqual([['Bash', 1]]);
    const dump = t.service.core.sqlite.prepare('select payload from events').all() as Array<{
      payload: string;
    }>;
    expect(dump.some((r) => r.payload.includes('hunter2'))).toBe(false);
    const start = await runHook(
      cmd,
      'SessionStart',
      JSON.stringify({ session_id: `${sid}-b`, cwd: '/tmp/projx', source: 'startup' }),
      t.dataDir,
    );
    expect(start.code).toBe(0);
    const out = JSON.parse(start.stdout) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(out.hookSpecificOutput.hookEventName).toBe('SessionStart');
    expect(out.hookSpecificOutput.additionalContext).toMatch(/^<memtray-context>[\s\S]*<\/memtray-context>$/);
  });

  it('service down: exits 0 fast, prints nothing, spools; the service imports the spool exactly once', async () => {
    const dataDir = tempDir();
    // A stale server.json pointing at a closed port, as after a crash.
    writeServerInfo(dataDirPaths(dataDir), { port: 1, pid: 999999, version: 'x', startedAt: '' });
    writeFileSync(join(dataDir, 'token'), `${'a'.repeat(64)}\n`);
    const sid = `down-${_name}`;
    const start = await runHook(
      cmd,
      'SessionStart',
      JSON.stringify({ session_id: sid, cwd: '/tmp/p' }),
      dataDir,
    );
    expect(start).toMatchObject({ code: 0, stdout: '' });
    expect(start.ms).toBeLessThan(1500); // generous for a loaded CI box; bench/hooks measures properly
    await runHook(
      cmd,
      'UserPromptSubmit',
      JSON.stringify({ session_id: sid, prompt: 'offline prompt' }),
      dataDir,
    );
    await runHook(
      cmd,
      'PostToolUse',
      JSON.stringify({ ...bash, session_id: sid, tool_use_id: 'toolu_off' }),
      dataDir,
    );
    const skipped = { session_id: sid, tool_name: 'TodoWrite', tool_input: {}, tool_response: {} };
    await runHook(cmd, 'PostToolUse', JSON.stringify(skipped), dataDir);
    expect((await runHook(cmd, 'Stop', 'not json at all', dataDir)).code).toBe(0);
    expect((await runHook(cmd, 'Stop', '', dataDir)).code).toBe(0);
    const lines = readFileSync(join(dataDir, 'spool.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { event: string }).event)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PostToolUse',
    ]);
    // Simulate a crash after import but before delete: the same lines come back.
    const copy = readFileSync(join(dataDir, 'spool.jsonl'));
    t = await startTestService({ dataDir });
    for (let i = 0; i < 100 && existsSync(join(dataDir, 'spool.jsonl')); i++)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 400));
    const core = t.service.core;
    expect(core.read.counts()).toMatchObject({ sessions: 1, prompts: 1, observations: 1, events: 3 });
    writeFileSync(join(dataDir, 'spool.jsonl'), copy);
    const again = await importSpool(core, 0);
    expect(again).toMatchObject({ imported: 0, duplicates: 3 });
    expect(core.read.counts().events).toBe(3);
    expect(existsSync(join(dataDir, 'spool.jsonl'))).toBe(false);
  });
});

describe('spool bounds', () => {
  it('drops events past the size limit instead of growing without end', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'hook-config.json'), JSON.stringify({ skipTools: [], spoolMaxBytes: 700 }));
    const payload = JSON.stringify({ session_id: 's', prompt: 'x'.repeat(200) });
    for (let i = 0; i < 4; i++) await runHook(variants[0]![1], 'UserPromptSubmit', payload, dataDir);
    const lines = readFileSync(join(dataDir, 'spool.jsonl'), 'utf8').trim().split('\n');
    expect(lines.length).toBe(2);
    expect(readFileSync(join(dataDir, 'spool.jsonl')).length).toBeLessThanOrEqual(700);
  });
});

describe('a spooled event the hook endpoint would refuse', () => {
  let t: TestService | undefined;
  afterEach(async () => t?.dispose());

  it('is refused by the spool import too: a payload that names another event', async () => {
    // No server.json: the hook cannot post, so it spools what the endpoint would answer 400 to.
    t = await startTestService({ writeServerJson: false });
    const payload = JSON.stringify({ session_id: 'fz', cwd: '/tmp/fz', hook_event_name: 'SomethingElse' });
    await runHook(variants[0]![1], 'SessionStart', payload, t.dataDir);
    const live = await t.api('POST', '/api/hooks/SessionStart', JSON.parse(payload));
    expect(live.status).toBe(400);
    await importSpool(t.service.core, 0);
    await t.settled();
    expect(t.service.core.read.counts()).toMatchObject({ events: 0, sessions: 0 });
    expect(existsSync(join(t.dataDir, 'spool.jsonl'))).toBe(false);
  });
});
