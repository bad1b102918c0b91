/**
 * Drives the real Claude Code CLI (devDependency, 2.1.197) against a scripted Messages API, with
 * hooks written by `memtray hooks install --scope project`, in both modes. Proves: prompt, Bash,
 * Write, Read, Edit, Stop and SessionEnd land with the right session and prompt numbers; the
 * SessionStart context reaches the model; `<private>` text lands nowhere; with the service stopped
 * mid-session the events are recovered afterwards (spool in command mode, transcript in http mode).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../helpers/service.js';
import { installProjectHooks, runClaude, until } from './cli.js';
import { startFakeAnthropic, type FakeAnthropic, type ToolStep } from './fake-anthropic.js';

const SECRET = 'SECRET-PINEAPPLE-4242';

function steps(proj: string): ToolStep[] {
  const notes = join(proj, 'notes.md');
  return [
    { name: 'Bash', input: { command: 'echo hello > hello.txt', description: 'write hello' } },
    { name: 'Write', input: { file_path: notes, content: 'alpha\n' } },
    { name: 'Read', input: { file_path: notes } },
    { name: 'Edit', input: { file_path: notes, old_string: 'alpha', new_string: 'beta' } },
  ];
}

const runClaudeHere = (proj: string, home: string, api: FakeAnthropic, prompt: string) =>
  runClaude(proj, home, api.url, prompt, 'Bash Write Edit Read');

function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const walk = (d: string): void => {
    for (const f of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, f.name);
      if (f.isDirectory()) walk(p);
      else if (readFileSync(p).includes(needle)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

interface Setup {
  t: TestService;
  api: FakeAnthropic;
  proj: string;
  home: string;
  dataDir: string;
}

describe.each(['http', 'command'] as const)('real Claude Code CLI, %s mode', (mode) => {
  const open: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c().catch(() => undefined);
  });

  async function setup(beforeStep?: (i: number, s: Setup) => Promise<void> | void): Promise<Setup> {
    const root = tempDir('memtray-e2e-');
    const home = join(root, 'home');
    const proj = join(root, `proj-${mode}`);
    const dataDir = join(root, 'data');
    mkdirSync(home);
    mkdirSync(proj);
    const t = await startTestService({ dataDir, writeServerJson: true });
    const s = { t, proj, home, dataDir } as Setup;
    s.api = await startFakeAnthropic(steps(proj), { beforeStep: (i) => beforeStep?.(i, s) });
    open.push(
      () => s.api.close(),
      () => s.t.stop(),
    );
    installProjectHooks(mode, proj, home, dataDir);
    expect(existsSync(join(proj, '.claude', 'settings.local.json'))).toBe(true);
    return s;
  }

  it('captures prompt, tool calls, Stop and SessionEnd; context reaches the model; private text nowhere', async () => {
    const s = await setup();
    // An earlier session in this project, so SessionStart has something to inject.
    const project = `proj-${mode}`;
    await s.t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: `old-${mode}`,
      cwd: s.proj,
      prompt: 'earlier work on the parser',
    });
    await s.t.api('POST', '/api/hooks/PostToolUse', {
      session_id: `old-${mode}`,
      cwd: s.proj,
      tool_name: 'Bash',
      tool_use_id: 'toolu_old',
      tool_input: { command: 'npm test -- parser' },
      tool_response: { stdout: 'ok', stderr: '' },
    });
    const r = await runClaudeHere(
      s.proj,
      s.home,
      s.api,
      `Please tidy the notes <private>${SECRET}</private> thanks`,
    );
    expect(r.code, r.err).toBe(0);
    const sessionId = (JSON.parse(r.out) as { session_id: string }).session_id;
    const core = s.t.service.core;
    const ended = await until(() => core.read.sessionByClaudeId(sessionId)?.status === 'completed');
    expect(ended).toBe(true);
    const sess = core.read.sessionByClaudeId(sessionId)!;
    expect(sess.project).toBe(project);
    const detail = (await s.t.api('GET', `/api/sessions/${sess.id}`)).json as {
      prompts: Array<{ promptNumber: number; prompt: string }>;
      observations: Array<{ toolName: string; promptNumber: number; failed: boolean }>;
    };
    expect(detail.prompts).toHaveLength(1);
    expect(detail.prompts[0]).toMatchObject({ promptNumber: 1 });
    expect(detail.prompts[0]!.prompt).toMatch(/^Please tidy the notes\s+thanks$/);
    // Tool calls; the turn's episode (built by the queue worker after Stop) is checked below.
    const calls = detail.observations.filter((o) => !o.toolName.startsWith('memtray:'));
    expect(calls.map((o) => o.toolName).sort()).toEqual(['Bash', 'Edit', 'Read', 'Write']);
    expect(calls.every((o) => o.promptNumber === 1 && !o.failed)).toBe(true);
    const episode = await until(
      () =>
        core.sqlite
          .prepare(
            `select prompt_number p, title, facts from observations where session_id = ? and tool_name = 'memtray:episode'`,
          )
          .get(sess.id) as { p: number; title: string; facts: string } | undefined,
    );
    expect(episode.p).toBe(1);
    expect(episode.title).toMatch(/^Asked: Please tidy the notes/);
    expect(episode.facts).toContain('command: ');
    const events = core.sqlite
      .prepare('select event_name e, source from events where claude_session_id = ? order by id')
      .all(sessionId) as Array<{ e: string; source: string }>;
    const names = events.map((e) => e.e);
    for (const e of ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Stop', 'SessionEnd'])
      expect(names).toContain(e);
    expect(new Set(events.map((e) => e.source))).toEqual(
      new Set([mode === 'http' ? 'http' : 'hook', 'hook'].filter(Boolean)),
    );
    // SessionStart context: the model saw it in the first main request.
    expect(s.api.mainRequests[0]).toContain('<memtray-context>');
    // Private text: not in the store, not in the spool, not anywhere in the data dir.
    s.t.service.core.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    expect(filesContaining(s.dataDir, SECRET)).toEqual([]);
  });

  it('service stopped mid-session: the events are recovered afterwards', async () => {
    let stoppedAt = -1;
    const s = await setup(async (i, st) => {
      if (i === 2 && stoppedAt < 0) {
        stoppedAt = i;
        await st.t.stop();
      }
    });
    const r = await runClaudeHere(s.proj, s.home, s.api, `Tidy again <private>${SECRET}</private>`);
    expect(r.code, r.err).toBe(0);
    const sessionId = (JSON.parse(r.out) as { session_id: string }).session_id;
    expect(stoppedAt).toBe(2);
    if (mode === 'command') expect(existsSync(join(s.dataDir, 'spool.jsonl'))).toBe(true);
    const t2 = await startTestService({ dataDir: s.dataDir, writeServerJson: true });
    open.push(() => t2.stop());
    const core = t2.service.core;
    await until(() => {
      const ss = core.read.sessionByClaudeId(sessionId);
      if (!ss) return false;
      const n = core.sqlite
        .prepare(
          `select count(*) n from observations where session_id = ? and tool_name not like 'memtray:%'`,
        )
        .get(ss.id) as { n: number };
      return n.n === 4;
    });
    const ss = core.read.sessionByClaudeId(sessionId)!;
    const obs = core.sqlite
      .prepare(
        `select tool_name t, prompt_number p from observations where session_id = ? and tool_name not like 'memtray:%' order by tool_name`,
      )
      .all(ss.id) as Array<{ t: string; p: number }>;
    expect(obs).toEqual([
      { t: 'Bash', p: 1 },
      { t: 'Edit', p: 1 },
      { t: 'Read', p: 1 },
      { t: 'Write', p: 1 },
    ]);
    const bySource = (src: string): string[] =>
      (
        core.sqlite
          .prepare('select event_name e from events where claude_session_id = ? and source = ? order by id')
          .all(sessionId, src) as Array<{ e: string }>
      ).map((r) => r.e);
    if (mode === 'command') {
      // Read and Edit, Stop and SessionEnd happened while the service was down: spooled, then imported.
      await until(() => core.read.sessionByClaudeId(sessionId)?.status === 'completed');
      expect(bySource('spool')).toEqual(['PostToolUse', 'PostToolUse', 'Stop', 'SessionEnd']);
      expect(existsSync(join(s.dataDir, 'spool.jsonl'))).toBe(false);
    } else {
      // Only Bash and Write reached the service live; Read and Edit came back from the transcript.
      expect(bySource('http').filter((e) => e === 'PostToolUse')).toHaveLength(2);
      expect(bySource('spool')).toEqual([]);
    }
    core.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    expect(filesContaining(s.dataDir, SECRET)).toEqual([]);
  });
});
