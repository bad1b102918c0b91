/**
 * What a person would remember: the assistant's words, episodes, decisions,
 * compaction summaries and failure → fix pairs, from a real import of the corpus and of a
 * hand-made transcript (the live hook path: recall-capture-live.test.ts).
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasSharedCorpus, SHARED_CORPUS_SKIP } from '../helpers/corpus.js';
import { jobsDone } from '../helpers/jobs.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { BIG, facts, FIX, fixtureDir, importDir, rows, SPOTTER, type Row } from './recall-capture-rows.js';

describe('remembering from imported transcripts', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('a failure followed by a change and a passing rerun is a bugfix; words, episodes, decisions, compaction', async () => {
    t = await startTestService();
    const core = t.service.core;
    await importDir(core, fixtureDir('failure-fix.jsonl'));

    // The assistant's own words are the narrative of the calls they came with, redacted.
    const edit = rows(core, FIX).find((r) => r.tool_use_id === 'toolu_fx_2')!;
    expect(edit.title).toBe('Edited src/math.ts');
    expect(edit.narrative).toMatch(/^Claude: The sum function adds an off-by-one carry/);
    expect(edit.narrative).toContain('[REDACTED');
    expect(edit.narrative).not.toContain('ghp_0123456789');

    // Bugfix: error line, command, file, what changed, the passing rerun.
    const fixes = rows(core, FIX, 'memtray:bugfix');
    expect(fixes).toHaveLength(1);
    const fix = fixes[0]!;
    expect(fix.type).toBe('bugfix');
    expect(fix.status).toBe('processed');
    expect(fix.title).toBe('Fixed: AssertionError: expected 5 to be 4');
    expect(facts(fix)).toEqual(
      expect.arrayContaining([
        'error: AssertionError: expected 5 to be 4 · FAIL src/math.test.ts',
        'command: npm test',
        'file: src/math.ts',
        'fix: Edited src/math.ts',
        'verified: npm test',
      ]),
    );
    expect(fix.narrative).toContain('off-by-one carry');

    // One episode per prompt, at the turn's start, with what was done and how it ended.
    const eps = rows(core, FIX, 'memtray:episode');
    expect(eps.map((e) => e.prompt_number)).toEqual([1, 2, 3]);
    expect(eps.map((e) => e.tool_use_id)).toEqual([1, 2, 3].map((n) => `episode:${FIX}:${n}`));
    const [e1, e2] = eps as [Row, Row];
    expect(e1.title).toBe('Asked: Fix the failing sum test in the calculator');
    expect(facts(e1)).toEqual(
      expect.arrayContaining(['file: src/math.ts', 'command: npm test', 'tests: passed']),
    );
    expect(facts(e1).some((f) => f.startsWith('failed: npm test: AssertionError'))).toBe(true);
    expect(e1.narrative).toContain("Claude: I'll run the test suite first");
    expect(e1.narrative).toContain('Ended: The sum test passes again');
    expect(e1.subtitle).toMatch(
      /^changed src\/math.ts; tests passed after: AssertionError: expected 5 to be 4/,
    );
    const prompt1 = core.sqlite
      .prepare(`SELECT created_at FROM user_prompts WHERE prompt = ?`)
      .get('Fix the failing sum test in the calculator') as { created_at: number };
    expect(e1.created_at).toBe(prompt1.created_at);

    // Decisions instead of skipped calls: the question, its options, the answer; the plan.
    const decisions = rows(core, FIX, 'memtray:decision');
    expect(decisions.map((d) => d.title)).toEqual([
      'Decided: Throw RangeError (Zero divisor)',
      'Decided: plan approved (Add divide() to the calculator)',
      // A prompt answering the assistant's question is a choice too.
      'Decided: tests first please (Shall I write the tests first, or implement …)',
    ]);
    // Why: the chosen option's description is the decision's subtitle.
    expect(decisions[0]!.subtitle).toBe('Fail loudly');
    expect(decisions[2]!.tool_use_id).toBe(`decision:${FIX}:3`);
    expect(decisions[2]!.narrative).toMatch(
      /Shall I write the tests first, or implement divide\(\) first\?\nAnswer: tests first please$/,
    );
    expect(facts(eps[2]!)).toContain(
      'decision: Decided: tests first please (Shall I write the tests first, or implement …)',
    );
    expect(decisions[0]!.narrative).toContain('- option: Return Infinity — Follow IEEE 754');
    expect(decisions[1]!.narrative).toContain('throwing RangeError when b is 0');
    expect(
      rows(core, FIX).filter((r) => r.tool_name === 'AskUserQuestion' || r.tool_name === 'ExitPlanMode'),
    ).toEqual([]);
    expect(facts(e2)).toContain('decision: Decided: Throw RangeError (Zero divisor)');
    // Claude Code's synthetic stand-ins ("No response requested.") are not the assistant's words.
    expect(e2.narrative).toContain(
      'Ended: Plan approved: divide() will throw a RangeError on a zero divisor.',
    );

    // The compaction summary, once, as a session-level memory.
    const comp = rows(core, FIX, 'memtray:compaction');
    expect(comp).toHaveLength(1);
    expect(comp[0]!.title).toBe('Session summary (compacted)');
    expect(comp[0]!.narrative).toContain('off-by-one carry in src/math.ts');
    // ... and it feeds the rule-based session summary (no API key).
    expect((await t.api('POST', '/api/sessions/summarize', { claudeSessionId: FIX })).status).toBe(202);
    await jobsDone(t, 'summarize');
    const sid = core.read.sessionByClaudeId(FIX)!.id;
    const summary = ((await t.api('GET', `/api/sessions/${sid}`)).json as { summary: { notes: string } })
      .summary;
    expect(summary.notes).toContain(
      'Before compaction: Summary: 1. Primary Request: fix the calculator sum test',
    );
    expect(summary.notes).toMatch(/^3 tool calls, 1 failed, 3 prompts\./);

    // Searchable: the assistant's words and the memories come back from GET /api/search.
    const search = async (q: string) =>
      (
        (await t!.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=10`)).json as {
          items: Array<{ id: number; title: string; type: string | null }>;
        }
      ).items;
    expect((await search('off-by-one carry')).map((i) => i.id)).toContain(edit.id);
    expect((await search('zero divisor RangeError')).map((i) => i.type)).toContain('decision');
    expect((await search('AssertionError expected')).map((i) => i.id)).toContain(fix.id);

    // Importing again adds nothing and changes nothing.
    const before = core.sqlite.prepare(`SELECT id, updated_at FROM observations ORDER BY id`).all();
    const again = await importDir(core, fixtureDir('failure-fix.jsonl'));
    expect({ p: again.prompts, t: again.toolCalls }).toEqual({ p: 0, t: 0 });
    expect(core.sqlite.prepare(`SELECT id, updated_at FROM observations ORDER BY id`).all()).toEqual(before);
  });

  it("a slash command's printed output is how its turn ended (episode), never a prompt", async () => {
    t = await startTestService();
    const core = t.service.core;
    await importDir(core, fixtureDir('slash-command.jsonl'));
    const sid = 'f1f1f1f1-0000-4000-8000-000000000002';
    const prompts = core.sqlite
      .prepare('SELECT prompt FROM user_prompts ORDER BY prompt_number')
      .pluck()
      .all() as string[];
    expect(prompts).toEqual(['Check which MCP servers the calculator uses', '/mcp']);
    const eps = rows(core, sid, 'memtray:episode');
    expect(eps.map((e) => e.title)).toEqual([
      'Asked: Check which MCP servers the calculator uses',
      'Asked: /mcp',
    ]);
    expect(eps[1]!.narrative).toContain('Reconnected to sprocketd.');
    expect(eps[0]!.narrative).not.toContain('Reconnected');
    const r = await t.api(
      'GET',
      `/api/search?${new URLSearchParams({ q: 'which MCP server did we reconnect?' })}`,
    );
    const top = (r.json as { items: Array<{ title: string; snippet: string }> }).items.slice(0, 5);
    expect(top.some((i) => `${i.title} ${i.snippet}`.includes('sprocketd'))).toBe(true);
  });

  it.skipIf(!hasSharedCorpus)(
    `the real corpus: words, episodes, the compaction summary, the decision and a bugfix; re-import adds none${hasSharedCorpus ? '' : ` [skipped: ${SHARED_CORPUS_SKIP}]`}`,
    async () => {
      t = await startTestService();
      const core = t.service.core;
      const dir = tempDir('memtray-recall-');
      cpSync(SPOTTER, join(dir, 'proj'), { recursive: true });
      await importDir(core, dir);
      const all = rows(core, BIG);
      // A main-chain call carries the text of its message; subagent calls do not.
      const write = all.find((r) => r.title === 'Created lib/spotter_web/live/transcript_computers.ex')!;
      expect(write.narrative).toMatch(
        /^Claude: Good, now I have a complete picture\. Let me implement the solution/,
      );
      const eps = rows(core, BIG, 'memtray:episode');
      expect(eps.map((e) => e.prompt_number)).toEqual([1, 2]);
      expect(facts(eps[0]!)).toContain('file: lib/spotter_web/live/transcript_computers.ex');
      expect(facts(eps[1]!)).toEqual(
        expect.arrayContaining(['tests: passed', 'file: lib/spotter/services/waiting_summary.ex']),
      );
      const comp = rows(core, BIG, 'memtray:compaction');
      expect(comp).toHaveLength(1);
      expect(comp[0]!.prompt_number).toBe(2);
      expect(comp[0]!.narrative).toContain('Task spotter-dov.1');
      expect(rows(core, BIG, 'memtray:decision').map((d) => d.title)).toEqual([
        'Decided: main was clean; fix the issues (Commit)',
      ]);
      const fixes = rows(core, BIG, 'memtray:bugfix');
      expect(fixes.some((f) => f.title.startsWith('Fixed: Pre-commit validation failed'))).toBe(true);
      expect(fixes.some((f) => facts(f).includes('file: lib/spotter/services/waiting_summary.ex'))).toBe(
        true,
      );

      const count = () =>
        (core.sqlite.prepare(`SELECT count(*) n FROM observations`).get() as { n: number }).n;
      const n = count();
      await importDir(core, dir);
      expect(count()).toBe(n);
    },
  );
});
