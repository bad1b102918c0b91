/**
 * Episodes and decisions lead with their answer: the choice and its reason,
 * the files changed, how the tests ended and with which error, within the first 200 characters;
 * a commit whose message mentions tests is no test run. From a small hand-made transcript.
 */
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createImportRun, runImport } from '../../electron/core/capture/importer.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const SID = 'c4c4c4c4-0000-4000-8000-000000000004';
const FIXTURE = join(process.cwd(), 'tests', 'fixtures', 'capture-signals', 'choices.jsonl');

interface Row {
  prompt_number: number;
  tool_name: string;
  type: string;
  title: string;
  subtitle: string | null;
  facts: string;
  narrative: string | null;
}

let t: TestService | undefined;
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

describe('episodes and decisions lead with their answer', () => {
  it('shows the choice, its reason, the files changed and the test outcome first', async () => {
    t = await startTestService();
    const core = t.service.core;
    const dir = tempDir('memtray-lead-');
    mkdirSync(join(dir, 'p'));
    cpSync(FIXTURE, join(dir, 'p', 'choices.jsonl'));
    const run = await runImport(core, createImportRun(core, 'test'), { paths: [dir] });
    expect(run.status).toBe('done');
    const s = core.read.sessionByClaudeId(SID)!;
    const rows = (tool?: string): Row[] =>
      core.sqlite
        .prepare(
          `SELECT * FROM observations WHERE session_id = ? ${tool ? 'AND tool_name = ?' : ''} ORDER BY created_at, id`,
        )
        .all(...(tool ? [s.id, tool] : [s.id])) as Row[];

    // Decisions: "Decided: <choice>", the reason as subtitle — answering a question or not.
    const decisions = rows('memtray:decision');
    expect(decisions.map((d) => [d.title, d.subtitle])).toEqual([
      [
        'Decided: SQLite (Should the cache live in memory or in SQLite?)',
        'because it survives restarts of the service',
      ],
      ['Decided: Go with an LRU eviction policy rather than a TTL', 'because prices never go stale'],
    ]);
    expect(JSON.parse(decisions[1]!.facts)).toContain('reason: because prices never go stale');

    // The failed run carries the test that failed and its assertion; the commit mentioning tests is
    // a plain command.
    const bash = rows('Bash');
    expect(bash.map((b) => [b.type, b.title])).toEqual([
      ['test', 'Tests failed: Run the tests'],
      ['test', 'Run the tests again'],
      ['command', 'Stage all changed and new files for commit'],
    ]);
    expect(bash[0]!.subtitle).toMatch(
      /^not ok 1 - cache keeps a price · Expected values to be strictly equal: undefined !== 1250/,
    );
    expect(rows('memtray:bugfix').map((b) => b.title)).toEqual(['Fixed: not ok 1 - cache keeps a price']);

    // The episode: decision and reason, file, tests and the error they passed after, up front.
    const eps = rows('memtray:episode');
    const e2 = eps.find((e) => e.prompt_number === 2)!;
    for (const head of [e2.subtitle!.slice(0, 200), e2.narrative!.slice(0, 200)]) {
      expect(head).toContain('Decided: SQLite');
      expect(head).toContain('because it survives restarts');
      expect(head).toContain('changed src/cache.ts');
      expect(head).toContain('tests passed after: not ok 1 - cache keeps a price');
    }
    expect(JSON.parse(e2.facts)).toEqual(expect.arrayContaining(['file: src/cache.ts', 'tests: passed']));
    const e3 = eps.find((e) => e.prompt_number === 3)!;
    expect(e3.subtitle).toMatch(
      /^Decided: Go with an LRU eviction policy rather than a TTL — because prices/,
    );
  });
});
