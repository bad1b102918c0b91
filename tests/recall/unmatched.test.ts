/**
 * "What was the hardest bug?": no memory holds `hardest`, and the search found nothing. It now
 * looks for what the rest of the question asks for (the bugs fixed) and says which words no memory
 * holds, in the API, the CLI and the MCP tool.
 */
import { describe, expect, it } from 'vitest';
import { mcpSearch } from '../../electron/shared/contract/mcp.js';
import { cliSearchOutput } from '../../electron/shared/contract/search.js';
import { connectMcp, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/service.js';
import { NOW, pinnedService } from './pinned.js';
import { insertObservation } from './seed.js';

const HARDEST = 'what was the hardest bug?';

describe('a question whose words no memory holds', () => {
  const s = pinnedService((sqlite) => {
    insertObservation(sqlite, {
      project: 'ember',
      title: 'Fixed: off-by-one in the ember ring buffer',
      type: 'bugfix',
      narrative: 'The bug: the write index wrapped one slot early.',
      at: NOW - 3600_000,
    });
    insertObservation(sqlite, {
      project: 'ember',
      title: 'Created src/ring.rs',
      type: 'change',
      at: NOW - 7200_000,
    });
  });

  it('finds what the rest of it asks for and says which words no memory holds', async () => {
    const page = await s.ask(HARDEST);
    expect(page.items.map((i) => i.title)).toEqual(['Fixed: off-by-one in the ember ring buffer']);
    expect(page.unmatched).toEqual(['hardest']);
  });

  it('says nothing of it when the words match, or when nothing else was asked', async () => {
    const ring = await s.ask('ring bug');
    expect(ring.items.length).toBeGreaterThan(0);
    expect(ring.unmatched).toBeUndefined();
    const none = await s.ask('quasar');
    expect(none.items).toEqual([]);
    expect(none.unmatched).toBeUndefined();
  });

  it('the CLI and the MCP tool say so too', async () => {
    const t = s.service();
    const json = await runCli(['search', HARDEST, '--json', '--data-dir', t.dataDir], { cwd: tempDir() });
    expect(json.code, json.stderr).toBe(0);
    expect(cliSearchOutput.parse(JSON.parse(json.stdout)).unmatched).toEqual(['hardest']);
    const text = await runCli(['search', HARDEST, '--data-dir', t.dataDir], { cwd: tempDir() });
    expect(text.stdout).toMatch(
      /^No memory holds hardest: these are what the rest of the question asks for\./,
    );
    const mcp = await connectMcp(t.dataDir, 'memtray-test-unmatched', tempDir());
    try {
      const res = await mcp.callTool({ name: 'search', arguments: { query: HARDEST } });
      expect(mcpSearch.output.parse(res.structuredContent).unmatched).toEqual(['hardest']);
    } finally {
      await mcp.close();
    }
  });
});
