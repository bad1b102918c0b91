/**
 * Every memory carries the agent whose session recorded it, and search keeps to one agent on
 * request: the API, `memtray search --json` and the MCP `search` tool, over the real Codex and
 * Gemini CLI histories (tests/fixtures/agents) imported into a real service.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpSearch } from '../../electron/shared/contract/mcp.js';
import { cliSearchOutput, type SearchPage } from '../../electron/shared/contract/search.js';
import { connectMcp, runCli } from '../helpers/cli.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { createImportRun } from '../../electron/core/capture/importer.js';
import { HISTORY_SOURCES, runAgentImport } from '../../electron/core/capture/import-agents.js';

const FIXTURES = join(process.cwd(), 'tests', 'fixtures', 'agents');

describe('the agent of every memory, and search by agent', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
    const core = t.service.core;
    for (const [agent, path] of [
      ['codex', join(FIXTURES, 'codex', 'sessions')],
      ['gemini', join(FIXTURES, 'gemini', 'tmp')],
    ] as const) {
      const p = await runAgentImport(core, createImportRun(core, agent), {
        source: HISTORY_SOURCES[agent]!,
        paths: [path],
      });
      expect(p.status).toBe('done');
    }
    await t.settled();
  });
  afterAll(() => t.dispose());

  it('the API answers the agent of each hit, and `agent` keeps to one', async () => {
    const all = (await t.api('GET', '/api/search?q=config')).json as SearchPage;
    expect(new Set(all.items.map((i) => i.agent))).toEqual(new Set(['codex', 'gemini']));
    for (const agent of ['codex', 'gemini'] as const) {
      const only = (await t.api('GET', `/api/search?q=config&agent=${agent}`)).json as SearchPage;
      expect(only.items.length).toBeGreaterThan(0);
      expect(only.items.every((i) => i.agent === agent)).toBe(true);
    }
    const none = (await t.api('GET', '/api/search?q=config&agent=cursor')).json as SearchPage;
    expect(none.items).toEqual([]);
    expect((await t.api('GET', '/api/search?q=config&agent=emacs')).status).toBe(400);
  });

  it('memtray search --agent --json', async () => {
    const r = await runCli(['search', 'config', '--agent', 'gemini', '--json', '--data-dir', t.dataDir]);
    expect(r.code, r.stderr).toBe(0);
    const out = cliSearchOutput.parse(JSON.parse(r.stdout));
    expect(out.items.length).toBeGreaterThan(0);
    expect(out.items.every((i) => i.agent === 'gemini')).toBe(true);
  });

  it('the MCP search answers the agent and filters by it', async () => {
    const mcp = await connectMcp(t.dataDir, 'agent-filter');
    try {
      const r = await mcp.callTool({ name: 'search', arguments: { query: 'QueueStallError' } });
      const all = mcpSearch.output.parse(r.structuredContent);
      expect(all.results.map((h) => h.agent)).toContain('gemini');
      const only = mcpSearch.output.parse(
        (await mcp.callTool({ name: 'search', arguments: { query: 'config', agent: 'codex' } }))
          .structuredContent,
      );
      expect(only.results.length).toBeGreaterThan(0);
      expect(only.results.every((h) => h.agent === 'codex')).toBe(true);
    } finally {
      await mcp.close();
    }
  });
});
