/**
 * The agents e2e rig: a real service on 127.0.0.1 (server.json written, so the real command hook
 * finds it), a temporary HOME and project, `memtray hooks install --agent X` run as a user would,
 * and the real agent CLI run with its stdin closed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { expect } from 'vitest';
import { ScriptedModelServer, type Protocol } from '../../helpers/agent-models/server.js';
import { connectMcp, MEMTRAY_BIN } from '../../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../../helpers/service.js';

export const BIN_DIR = join(process.cwd(), 'node_modules', '.bin');

export interface Rig {
  t: TestService;
  root: string;
  home: string;
  proj: string;
  dataDir: string;
  /** The environment an agent runs in: this HOME, the package's bin folder first on PATH. */
  env: NodeJS.ProcessEnv;
}

export async function startRig(projName: string): Promise<Rig> {
  const root = tempDir('memtray-agents-');
  const home = join(root, 'home');
  const proj = join(root, projName);
  const dataDir = join(root, 'data');
  mkdirSync(home);
  mkdirSync(proj);
  const t = await startTestService({ dataDir, writeServerJson: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    PATH: `${BIN_DIR}${delimiter}${process.env.PATH ?? ''}`,
  };
  for (const k of ['MEMTRAY_DATA_DIR', 'CLAUDECODE', 'CODEX_HOME', 'XDG_CONFIG_HOME']) delete env[k];
  return { t, root, home, proj, dataDir, env };
}

/** `memtray hooks <sub> --agent X --json` as the user runs it (HOME, PATH and cwd of the rig). */
export function memtrayHooks(r: Rig, sub: string, agent: string): unknown {
  return memtrayJson(r, ['hooks', sub, '--agent', agent]);
}

/** `memtray <args> --data-dir D --json` in the rig; its last line parsed. */
export function memtrayJson(r: Rig, args: string[]): unknown {
  const out = execFileSync(process.execPath, [MEMTRAY_BIN, ...args, '--data-dir', r.dataDir, '--json'], {
    env: r.env,
    cwd: r.proj,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as unknown;
}

const HOOK = join(process.cwd(), 'dist', 'memtray-hook.cjs');

/** Claude Code's SessionStart in the rig's project, through the real command hook (no --agent). */
export function claudeSessionStart(r: Rig, sessionId: string): Promise<string> {
  const payload = { session_id: sessionId, cwd: r.proj, hook_event_name: 'SessionStart' };
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [HOOK, 'SessionStart', '--data-dir', r.dataDir], { env: r.env });
    let out = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.on('error', reject);
    p.on('close', () => resolve(out));
    p.stdin.end(JSON.stringify(payload));
  });
}

export interface RunResult {
  code: number | null;
  out: string;
  err: string;
}

/** Runs a real agent CLI with stdin closed; killed after `timeoutMs`. */
export function runAgent(
  cmd: string,
  args: string[],
  r: Rig,
  extraEnv: NodeJS.ProcessEnv = {},
  timeoutMs = 90_000,
): Promise<RunResult> {
  return new Promise((resolve) => {
    const p = spawn(join(BIN_DIR, cmd), args, {
      cwd: r.proj,
      env: { ...r.env, PWD: r.proj, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
    p.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

/** Polls `fn` every 100 ms until it returns something truthy, or throws after `ms`. */
export async function until<T>(fn: () => T | undefined | null | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** The sessions an agent recorded, newest first, with their tool calls. */
export function agentSessions(
  r: Rig,
  agent: string,
): Array<{ id: number; claude_session_id: string; project: string; tools: string | null }> {
  return r.t.service.core.sqlite
    .prepare(
      `select s.id, s.claude_session_id, s.project,
         (select group_concat(o.tool_name) from observations o
           where o.session_id = s.id and o.tool_name not like 'memtray:%') tools
       from sessions s where s.agent = ? order by s.id desc`,
    )
    .all(agent) as Array<{ id: number; claude_session_id: string; project: string; tools: string | null }>;
}

/**
 * The cross-agent check: a fix an agent made in the rig's project reaches Claude Code's SessionStart
 * digest for the same project (the real command hook's output), the API's search and MCP search.
 * `close` collects what the test must close.
 */
export async function expectSeenByOthers(
  r: Rig,
  session: { id: number; claude_session_id: string },
  term: string,
  close: Array<() => Promise<unknown>>,
): Promise<void> {
  const core = r.t.service.core;
  await until(() => (core.read.sessionByClaudeId(session.claude_session_id) ? true : null));
  const digest = await claudeSessionStart(r, `claude-after-${session.id}`);
  expect(digest).toContain('<memtray-context>');
  expect(digest).toContain(term);
  const search = (await r.t.api('GET', `/api/search?q=${encodeURIComponent(term)}`)).json as {
    items: Array<{ sessionId: number }>;
  };
  expect(search.items.map((i) => i.sessionId)).toContain(session.id);
  const mcp = await connectMcp(r.dataDir, 'agents-e2e', r.proj);
  close.push(() => mcp.close());
  const hit = await mcp.callTool({ name: 'search', arguments: { query: term } });
  expect(JSON.stringify(hit.content)).toContain(term);
}

/** A rig in `project` and a scripted model server speaking `protocol`; their stops go to `open`. */
export async function startRigWithModel(
  project: string,
  protocol: Protocol,
  open: Array<() => Promise<unknown>>,
): Promise<{ r: Rig; model: ScriptedModelServer }> {
  const r = await startRig(project);
  const model = new ScriptedModelServer(protocol);
  await model.start();
  open.push(
    () => model.stop(),
    () => r.t.stop(),
  );
  return { r, model };
}

/** A session an agent recorded with its prompt and its Bash call: what the capture checks return. */
export type CapturedSession = ReturnType<typeof agentSessions>[number];

/**
 * The capture check every agent passes: the agent's session with a Bash call, in the rig's project,
 * tagged with the agent, holding the prompt as typed and the fix in its Bash memory, with `events`
 * among its journaled events (in order when `exact`).
 */
export async function expectCaptured(
  r: Rig,
  agent: string,
  want: { project: string; prompt: string; term: string; events: string[]; exact?: boolean },
): Promise<CapturedSession> {
  const s = await until(() => agentSessions(r, agent).find((x) => x.tools === 'Bash'));
  expect(s.project).toBe(want.project);
  const detail = (await r.t.api('GET', `/api/sessions/${s.id}`)).json as {
    session: { agent: string };
    prompts: Array<{ prompt: string }>;
    observations: Array<{ toolName: string }>;
  };
  expect(detail.session.agent).toBe(agent);
  expect(detail.prompts.map((p) => p.prompt)).toEqual([want.prompt]);
  const bash = detail.observations.find((o) => o.toolName === 'Bash')!;
  expect(JSON.stringify(bash)).toContain(want.term);
  const events = r.t.service.core.sqlite
    .prepare('select event_name e from events where claude_session_id = ? order by id')
    .all(s.claude_session_id) as Array<{ e: string }>;
  expect(events.map((e) => e.e)).toEqual(want.exact ? want.events : expect.arrayContaining(want.events));
  return s;
}

/** The agent's next session starts with the memory: its model's first turn holds the context and `term`. */
export async function expectNextSeesMemory(
  model: ScriptedModelServer,
  run: () => Promise<RunResult>,
  term: string,
): Promise<void> {
  model.plan([], 'Nothing to do.');
  const before = model.turns().length;
  const again = await run();
  expect(again.code, again.err).toBe(0);
  const firstTurn = model.turns()[before]!;
  expect(firstTurn).toContain('memtray-context');
  expect(firstTurn).toContain(term);
}

/** The package.json an agent reads and edits in the setup-file tests. */
export const PACKAGE_JSON = '{\n  "name": "billing",\n  "version": "1.0.0",\n  "type": "module"\n}\n';

/**
 * Claude Code's SessionStart digest for the rig's project, once the agent's `calls` file tool calls
 * (MemTray's names: `Read`, `Edit`, `Write`) are stored: its "Project setup" section shows `shown`
 * and not `.gitignore`, which the agent read only in part.
 */
export async function expectSetupShown(r: Rig, calls: number, shown: string): Promise<void> {
  const stored = r.t.service.core.sqlite
    .prepare("select count(*) from observations where tool_name in ('Read', 'Edit', 'Write')")
    .pluck();
  await until(() => (stored.get() as number) >= calls);
  const out = JSON.parse(await claudeSessionStart(r, 'setup-check')) as {
    hookSpecificOutput: { additionalContext: string };
  };
  const digest = out.hookSpecificOutput.additionalContext;
  const section = /## Project setup[^\n]*\n((?:- [^\n]*\n)*)/.exec(digest)?.[1] ?? '';
  expect(section).toContain(shown);
  expect(section).not.toContain('.gitignore');
}

/** Two source files holding three TODOs, for the search tests. */
export function seedTodos(r: Rig): void {
  mkdirSync(join(r.proj, 'src'), { recursive: true });
  writeFileSync(
    join(r.proj, 'src', 'ledger.ts'),
    'export const CENTS = 100; // TODO: rounding\nexport function total() {\n  return 1; // TODO: tax\n}\n',
  );
  writeFileSync(join(r.proj, 'src', 'tax.ts'), 'export const RATE = 0.2; // TODO: per country\n');
}

/**
 * The agent's search for the TODOs under `src` and its listing of `src/**\/*.ts` (seedTodos) are
 * remembered as Claude Code's are: discoveries "Searched for TODO" (3 results, the two files found)
 * and "Listed src/**\/*.ts" (2 results), and the search finds the first.
 */
export async function expectSearchesRemembered(r: Rig): Promise<void> {
  const rows = r.t.service.core.sqlite.prepare(
    "select type, title, subtitle, files_read as files from observations where tool_name in ('Grep', 'Glob') order by id",
  );
  const found = await until(() => {
    const all = rows.all() as Array<{ type: string; title: string; subtitle: string; files: string }>;
    return all.length >= 2 ? all : null;
  });
  const src = (f: string) => join(r.proj, 'src', f);
  expect(found[0]).toMatchObject({
    type: 'discovery',
    title: 'Searched for TODO',
    subtitle: '3 results in src',
  });
  expect((JSON.parse(found[0]!.files) as string[]).sort()).toEqual([src('ledger.ts'), src('tax.ts')]);
  expect(found[1]).toMatchObject({ type: 'discovery', title: 'Listed src/**/*.ts' });
  expect(found[1]!.subtitle).toMatch(/^2 results in /);
  const hits = (await r.t.api('GET', `/api/search?q=${encodeURIComponent('searched for TODO')}`)).json as {
    items: Array<{ title: string }>;
  };
  expect(hits.items.map((i) => i.title)).toContain('Searched for TODO');
}
