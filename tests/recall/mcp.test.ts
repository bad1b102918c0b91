import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliMcpInstallOutput } from '../../electron/shared/contract/cli.js';
import {
  mcpGetObservations,
  mcpGetSession,
  mcpSaveMemory,
  mcpSearch,
  mcpTimeline,
} from '../../electron/shared/contract/mcp.js';
import { connectMcp, runCli } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { ASKED_FROM_QUESTION, DAY, insertObservation, seedAskedFrom, seedGenerated } from './seed.js';

interface ToolResult {
  content: Array<{ type: string; text: string }>;
  structuredContent?: unknown;
  isError?: boolean;
}

/** Each tool's output schema in the contract: every answer is parsed with it. */
const OUTPUTS = {
  search: mcpSearch.output,
  timeline: mcpTimeline.output,
  get_observations: mcpGetObservations.output,
  get_session: mcpGetSession.output,
  save_memory: mcpSaveMemory.output,
};
const cliJson = (stdout: string): unknown => cliMcpInstallOutput.parse(JSON.parse(stdout));

describe('memtray mcp (stdio, through the SDK client) beside a running service', () => {
  let t: TestService;
  let client: Client;
  let unique: number;
  let sessionId: number;
  const now = Date.now();

  beforeAll(async () => {
    t = await startTestService();
    const sqlite = t.service.core.sqlite;
    seedGenerated(sqlite, 500, now);
    const first = insertObservation(sqlite, {
      project: 'webshop',
      title: 'Moved the kumquatcache eviction to a background task',
      type: 'change',
      at: now - 3 * DAY,
    });
    unique = first.id;
    sessionId = first.sessionId;
    for (let i = 1; i <= 6; i++)
      insertObservation(sqlite, {
        project: 'webshop',
        session: sessionId,
        title: `Step ${i}`,
        at: now - 3 * DAY + i * 1000,
      });
    for (let i = 0; i < 4; i++)
      insertObservation(sqlite, {
        project: 'webshop',
        title: 'Read src/kumquat/evictor.ts',
        type: 'discovery',
        toolName: 'Read',
        at: now - 2 * DAY + i * 1000,
      });
    client = await connectMcp(t.dataDir, 'memtray-test');
  });
  afterAll(async () => {
    await client?.close();
    await t.dispose();
  });

  const call = async (name: keyof typeof OUTPUTS, args: Record<string, unknown>): Promise<ToolResult> => {
    let r: ToolResult;
    try {
      r = (await client.callTool({ name, arguments: args })) as ToolResult;
    } catch (err) {
      return { content: [{ type: 'text', text: (err as Error).message }], isError: true };
    }
    if (!r.isError) {
      // The structured answer is the contract's, and the text says the same.
      expect(OUTPUTS[name].parse(r.structuredContent)).toEqual(r.structuredContent);
      expect(JSON.parse(r.content[0]!.text)).toEqual(r.structuredContent);
    }
    return r;
  };
  const json = (r: ToolResult): unknown => JSON.parse(r.content[0]!.text) as unknown;

  it('lists the five tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual([
      'get_observations',
      'get_session',
      'save_memory',
      'search',
      'timeline',
    ]);
  });

  it('search returns ids, titles and snippets', async () => {
    const r = await call('search', { query: 'kumquatcache eviction' });
    expect(r.isError).toBeFalsy();
    const { results } = json(r) as { results: Array<{ id: number; title: string; snippet: string }> };
    expect(results[0]).toMatchObject({
      id: unique,
      title: 'Moved the kumquatcache eviction to a background task',
    });
    expect(results[0]!.snippet).toContain('<mark>');
  });

  it('search reads a question as the service does: question words optional, identifiers split, repeats collapsed', async () => {
    const r = await call('search', { query: 'what did we read in the KumquatEvictor?' });
    expect(r.isError).toBeFalsy();
    const { results } = json(r) as { results: Array<{ title: string; snippet: string; count?: number }> };
    expect(results[0]).toMatchObject({ title: 'Read src/kumquat/evictor.ts', count: 4 });
    expect(results.filter((x) => x.title === 'Read src/kumquat/evictor.ts')).toHaveLength(1);
  });

  it('search confines a question that names a project to it, and says so (named)', async () => {
    const sqlite = t.service.core.sqlite;
    const box = insertObservation(sqlite, {
      project: 'quincebox',
      title: 'Where we left off in quincebox: the shelf labels',
      type: 'command',
      at: now - DAY,
    });
    insertObservation(sqlite, { project: 'webshop', title: 'Where we left off: the cart', at: now });
    const r = await call('search', { query: 'where did we leave off in quincebox?' });
    const out = mcpSearch.output.parse(r.structuredContent);
    expect(out.named).toBe('quincebox');
    expect(out.results.map((x) => x.id)).toEqual([box.id]);
    const all = mcpSearch.output.parse(
      (await call('search', { query: 'where did we leave off?' })).structuredContent,
    );
    expect(all.named).toBeUndefined();
    expect(all.results.map((x) => x.project)).toContain('webshop');
  });

  it("search prefers the project Claude started the server in (its cwd's), when no project is given", async () => {
    const sqlite = t.service.core.sqlite;
    const dir = tempDir();
    const here = t.service.core.projects.nameFor(dir, undefined, now);
    const answer = seedAskedFrom(sqlite, { project: here, other: 'webshop', others: 30, now });
    const ids = (r: ToolResult): number[] =>
      mcpSearch.output.parse(r.structuredContent).results.map((x) => x.id);
    const query = { query: ASKED_FROM_QUESTION };
    const outside = await call('search', query);
    expect(mcpSearch.output.parse(outside.structuredContent).askedFrom).toBeUndefined();
    const elsewhere = ids(outside);
    expect(elsewhere).toHaveLength(10);
    expect(elsewhere).not.toContain(answer);
    const inProject = await connectMcp(t.dataDir, 'memtray-test-here', dir);
    try {
      const r = (await inProject.callTool({ name: 'search', arguments: query })) as ToolResult;
      expect(mcpSearch.output.parse(r.structuredContent).askedFrom).toBe(here);
      const got = ids(r);
      expect(got[0]).toBe(answer);
      expect(got.slice(1)).toEqual(elsewhere.slice(0, 9));
      // A project named in the call is a filter, as before.
      const filtered = (await inProject.callTool({
        name: 'search',
        arguments: { ...query, project: 'webshop' },
      })) as ToolResult;
      expect(ids(filtered)).not.toContain(answer);
      expect(mcpSearch.output.parse(filtered.structuredContent).askedFrom).toBeUndefined();
    } finally {
      await inProject.close();
    }
  });

  it('get_observations returns full records, and a clear error for unknown ids', async () => {
    const r = await call('get_observations', { ids: [unique] });
    expect(r.isError).toBeFalsy();
    expect((json(r) as { observations: Array<{ id: number; title: string }> }).observations[0]).toMatchObject(
      {
        id: unique,
        type: 'change',
      },
    );
    const bad = await call('get_observations', { ids: [unique, 987654] });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toContain('987654');
    const invalid = await call('get_observations', { ids: [] });
    expect(invalid.isError).toBe(true);
    const wrongType = await call('get_observations', { ids: ['../../etc/passwd'] });
    expect(wrongType.isError).toBe(true);
  });

  it('timeline shows the observations around an anchor', async () => {
    const r = await call('timeline', { anchor: unique + 3, before: 2, after: 2 });
    const { observations } = json(r) as { observations: Array<{ id: number; anchor?: boolean }> };
    expect(observations.map((o) => o.id)).toEqual([
      unique + 1,
      unique + 2,
      unique + 3,
      unique + 4,
      unique + 5,
    ]);
    expect(observations.find((o) => o.anchor)?.id).toBe(unique + 3);
    const missing = await call('timeline', { anchor: 987654 });
    expect(missing.isError).toBe(true);
    const byTime = await call('timeline', {
      at: new Date(now - 3 * DAY + 3500).toISOString(),
      project: 'webshop',
      before: 1,
      after: 1,
    });
    expect((json(byTime) as { observations: Array<{ id: number }> }).observations.map((o) => o.id)).toEqual([
      unique + 3,
      unique + 4,
    ]);
  });

  it('get_session returns summary, state and the observation index', async () => {
    const r = await call('get_session', { id: sessionId });
    const s = json(r) as { session: { id: number }; observations: unknown[]; state: unknown };
    expect(s.session.id).toBe(sessionId);
    expect(s.observations).toHaveLength(7);
    expect(s.state).toBeTruthy();
    expect((await call('get_session', { id: 987654 })).isError).toBe(true);
    expect((await call('get_session', {})).isError).toBe(true);
  });

  it('save_memory writes a memory the running service finds', async () => {
    const r = await call('save_memory', {
      project: 'webshop',
      text: 'Never run the zebracrossing migration during business hours.\nIt locks the orders table.',
    });
    expect(r.isError).toBeFalsy();
    const saved = json(r) as { id: number; title: string };
    expect(saved.title).toBe('Never run the zebracrossing migration during business hours.');
    const found = await t.api('GET', '/api/search?q=zebracrossing');
    const items = (found.json as { items: Array<{ id: number; type: string; project: string }> }).items;
    expect(items[0]).toMatchObject({ id: saved.id, type: 'memory', project: 'webshop' });
    await t.api('PUT', '/api/projects/secretproj', { capture: false });
    const refused = await call('save_memory', { project: 'secretproj', text: 'should not be stored' });
    expect(refused.isError).toBe(true);
  });
});

describe('memtray mcp install', () => {
  it('registers the server in .mcp.json (project scope) idempotently, keeping other entries', async () => {
    const dir = tempDir('memtray-mcp-install-');
    const file = join(dir, '.mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { other: { type: 'stdio', command: 'x', args: [] } } }));
    const args = [
      'mcp',
      'install',
      '--scope',
      'project',
      '--project-dir',
      dir,
      '--data-dir',
      join(dir, 'data'),
      '--json',
    ];
    const first = await runCli(args);
    expect(first.code, first.stderr).toBe(0);
    expect(cliJson(first.stdout)).toMatchObject({ status: 'installed' });
    const again = await runCli(args);
    expect(cliJson(again.stdout)).toMatchObject({ status: 'unchanged' });
    const config = JSON.parse(readFileSync(file, 'utf8')) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    expect(Object.keys(config.mcpServers).sort()).toEqual(['memtray', 'other']);
    expect(config.mcpServers.memtray!.args.slice(1)).toEqual(['mcp', '--data-dir', join(dir, 'data')]);
    const removed = await runCli(['mcp', 'uninstall', '--scope', 'project', '--project-dir', dir, '--json']);
    expect(cliJson(removed.stdout)).toMatchObject({ status: 'removed' });
    expect(
      Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: object }).mcpServers),
    ).toEqual(['other']);
    const home = tempDir('memtray-mcp-home-');
    const user = await runCli(['mcp', 'install', '--json'], { env: { HOME: home } });
    expect(cliJson(user.stdout)).toMatchObject({ status: 'installed', path: join(home, '.claude.json') });
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });
});

describe('memtray mcp install, as Claude Code sees it', () => {
  it('`claude mcp get memtray` finds the user-scope entry and connects to the server', async () => {
    const home = tempDir('memtray-mcp-claude-');
    const data = join(home, 'data');
    const installed = await runCli(['mcp', 'install', '--data-dir', data], { env: { HOME: home } });
    expect(installed.code, installed.stderr).toBe(0);
    const claude = join(process.cwd(), 'node_modules', '.bin', 'claude'); // devDependency @anthropic-ai/claude-code
    const out = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
      const child = spawn(claude, ['mcp', 'get', 'memtray'], {
        env: { ...process.env, HOME: home },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c.toString()));
      child.stderr.on('data', (c: Buffer) => (text += c.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, text });
      });
    });
    expect(out.code, out.text).toBe(0);
    expect(out.text).toMatch(/Connected/);
    expect(out.text).toContain(`mcp --data-dir ${data}`);
    rmSync(home, { recursive: true, force: true });
  }, 90_000);
});
