/**
 * MemTray never captures itself. With MemTray's hooks installed in the same HOME (user scope, HTTP
 * hooks and the command hook), a control run of the real CLI from a project is captured, while
 * the claude-code provider's own runs leave nothing: no event, session, prompt, project, search
 * hit, job or transcript. Each layer is proven alone too: a raw `claude` run (hooks firing) started
 * in the provider's internal folder is dropped at ingest, and so is its transcript on import.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { internalRunDir } from '../../../electron/core/util/internal-runs.js';
import { drained, obsRows, toolEvent, waitQueue } from '../../compress/helpers.js';
import { installHooks, runClaude, until } from './cli.js';
import { startCliRig, type CliRig } from './provider-rig.js';

const MARK = 'ZEBRAFINCH-7731';

const count = (rig: CliRig, sql: string, ...args: unknown[]): number =>
  (rig.t.service.core.sqlite.prepare(sql).get(...args) as { n: number }).n;

/** Every transcript file under HOME/.claude/projects. */
function transcripts(home: string): string[] {
  const root = join(home, '.claude', 'projects');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jsonl'));
}

describe.each(['http', 'command'] as const)('no self-capture, %s hooks in the same HOME', (mode) => {
  let rig: CliRig | undefined;
  afterEach(async () => {
    await rig?.dispose();
    rig = undefined;
  });

  it('a control run is captured; the provider’s runs leave nothing anywhere', async () => {
    rig = await startCliRig();
    const { t, api, home } = rig;
    installHooks(mode, { scope: 'user' }, home, t.dataDir);

    // Control: the same CLI, the same HOME, from a project: its prompt is captured.
    const proj = join(rig.root, 'proj');
    mkdirSync(proj);
    const control = await runClaude(proj, home, api.url, `control prompt ${MARK}`, 'Read');
    expect(control.code).toBe(0);
    await until(
      () => count(rig!, `SELECT count(*) n FROM user_prompts WHERE prompt LIKE ?`, `%${MARK}%`) === 1,
    );
    await t.settled();
    const before = {
      events: count(rig, 'SELECT count(*) n FROM events'),
      sessions: count(rig, 'SELECT count(*) n FROM sessions'),
      prompts: count(rig, 'SELECT count(*) n FROM user_prompts'),
      transcripts: transcripts(home).length,
    };
    expect(before.sessions).toBe(1);
    api.requests.length = 0;

    // Compression through the provider: a batch and a summary (two `claude` runs at least).
    for (let i = 0; i < 3; i++) {
      const ev = toolEvent('s-work', 'Read', { file_path: `/work/proj/${MARK}-${i}.ts` }, { type: 'text' });
      await t.api('POST', '/api/hooks/PostToolUse', ev);
    }
    await t.api('POST', '/api/hooks/Stop', {
      session_id: 's-work',
      cwd: '/work/proj',
      hook_event_name: 'Stop',
    });
    await waitQueue(t, (q) => drained(q) && q.done >= 2, 60_000);
    expect(api.requests.length).toBeGreaterThanOrEqual(2); // the provider did run claude
    const work = obsRows(t).filter((r) => !String(r.tool_name).startsWith('memtray:'));
    expect(work.map((r) => r.produced_by)).toEqual(Array(3).fill('claude-code:claude-haiku-4-5'));
    // Let any late hook of those runs arrive and be projected before counting.
    await new Promise((r) => setTimeout(r, 1500));
    await t.settled();

    expect(count(rig, 'SELECT count(*) n FROM events')).toBe(before.events + 4); // our 3 + Stop
    expect(count(rig, 'SELECT count(*) n FROM sessions')).toBe(before.sessions + 1); // s-work
    expect(count(rig, 'SELECT count(*) n FROM user_prompts')).toBe(before.prompts);
    expect(count(rig, `SELECT count(*) n FROM events WHERE payload LIKE '%.memtray-internal%'`)).toBe(0);
    expect(count(rig, `SELECT count(*) n FROM events WHERE payload LIKE '%memory compressor%'`)).toBe(0);
    expect(count(rig, `SELECT count(*) n FROM projects WHERE name = 'claude-code'`)).toBe(0);
    expect(count(rig, `SELECT count(*) n FROM jobs WHERE kind = 'observe'`)).toBe(3); // no job from a run
    expect(transcripts(home)).toHaveLength(before.transcripts); // --no-session-persistence
    const hits = (await t.api('GET', `/api/search?q=${encodeURIComponent('compressor')}`)).json as {
      items: unknown[];
    };
    expect(hits.items).toEqual([]);
    const sessions = (await t.api('GET', '/api/sessions')).json as { items: Array<{ cwd: string | null }> };
    expect(sessions.items.map((s) => s.cwd)).not.toContain(internalRunDir(t.dataDir, 'claude-code'));
  });

  it('each layer alone: a raw run in the internal folder (hooks firing) and its transcript are dropped', async () => {
    rig = await startCliRig();
    const { t, api, home } = rig;
    installHooks(mode, { scope: 'user' }, home, t.dataDir);
    const internal = internalRunDir(t.dataDir, 'claude-code');
    mkdirSync(internal, { recursive: true });
    // No safe mode, no MEMTRAY_INTERNAL: Claude Code runs every hook; ingest must drop them by cwd.
    const raw = await runClaude(internal, home, api.url, `internal prompt ${MARK}`, 'Read');
    expect(raw.code).toBe(0);
    // The same run from a project would be captured (first test); here its transcript exists…
    const files = transcripts(home);
    expect(files.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1500));
    await t.settled();
    expect(count(rig, 'SELECT count(*) n FROM events')).toBe(0);
    expect(count(rig, 'SELECT count(*) n FROM sessions')).toBe(0);
    // …and importing it stores nothing either.
    const imp = await t.api('POST', '/api/capture/import', { paths: [join(home, '.claude', 'projects')] });
    expect(imp.status).toBe(202);
    const runId = (imp.json as { runId: number }).runId;
    const done = await waitImport(rig, runId);
    expect(done.filesDone).toBe(files.length);
    await t.settled();
    expect(count(rig, 'SELECT count(*) n FROM sessions')).toBe(0);
    expect(count(rig, 'SELECT count(*) n FROM user_prompts')).toBe(0);
    expect(count(rig, 'SELECT count(*) n FROM observations')).toBe(0);
    expect(count(rig, 'SELECT count(*) n FROM projects')).toBe(0);
  });
});

async function waitImport(rig: CliRig, runId: number): Promise<{ status: string; filesDone: number }> {
  const end = Date.now() + 30_000;
  for (;;) {
    const r = (await rig.t.api('GET', '/api/capture/imports')).json as {
      items: Array<{ id: number; status: string; filesDone: number }>;
    };
    const run = r.items.find((i) => i.id === runId);
    if (run && run.status !== 'running') return run;
    if (Date.now() > end) throw new Error('import never finished');
    await new Promise((res) => setTimeout(res, 100));
  }
}
