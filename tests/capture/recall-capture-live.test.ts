/**
 * What a person would remember, from the live hook path: the assistant's words,
 * episodes, decisions and failure → fix pairs, as hooks and reconciliation deliver them.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jobsDone } from '../helpers/jobs.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { facts, FIX, fixtureDir, hookPoster, rows, type Row } from './recall-capture-rows.js';

describe('remembering on the live hook path', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('hooks + Stop with last_assistant_message give the turn its episode, the decision and the bugfix', async () => {
    t = await startTestService();
    const core = t.service.core;
    const sid = 'live-episode-1';
    const cwd = '/home/dev/calc';
    const post = hookPoster(t, { session_id: sid, cwd });
    await post('UserPromptSubmit', { prompt: 'Fix the failing sum test' });
    await post('PostToolUseFailure', {
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_use_id: 'toolu_live_1',
      error: 'Exit code 1\nFAIL src/math.test.ts\nAssertionError: expected 5 to be 4',
    });
    await post('PostToolUse', {
      tool_name: 'Edit',
      tool_input: { file_path: `${cwd}/src/math.ts`, old_string: 'a + b + 1', new_string: 'a + b' },
      tool_response: { filePath: `${cwd}/src/math.ts` },
      tool_use_id: 'toolu_live_2',
    });
    await post('PostToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_response: { stdout: 'Tests: 7 passed', stderr: '', interrupted: false },
      tool_use_id: 'toolu_live_3',
    });
    await post('PostToolUse', {
      tool_name: 'AskUserQuestion',
      tool_input: {
        questions: [
          {
            question: 'Add a regression test?',
            header: 'Tests',
            options: [{ label: 'Yes' }, { label: 'No' }],
          },
        ],
      },
      tool_response: { answers: { 'Add a regression test?': 'Yes' } },
      tool_use_id: 'toolu_live_4',
    });
    await post('Stop', { last_assistant_message: 'Fixed the off-by-one in src/math.ts; all 7 tests pass.' });

    await jobsDone(t, 'episode'); // built by the queue worker after Stop, off the hook path
    const episode = rows(core, sid, 'memtray:episode')[0]!;
    expect(episode.tool_use_id).toBe(`episode:${sid}:1`);
    expect(episode.title).toBe('Asked: Fix the failing sum test');
    expect(episode.narrative).toContain('Ended: Fixed the off-by-one in src/math.ts; all 7 tests pass.');
    expect(facts(episode)).toEqual(
      expect.arrayContaining(['file: src/math.ts', 'command: npm test', 'tests: passed']),
    );
    expect(rows(core, sid, 'memtray:decision').map((d) => d.title)).toEqual(['Decided: Yes (Tests)']);
    expect(rows(core, sid, 'memtray:bugfix').map((b) => b.title)).toEqual([
      'Fixed: AssertionError: expected 5 to be 4',
    ]);
    expect(rows(core, sid).some((r) => r.tool_name === 'AskUserQuestion')).toBe(false);
    // The rule-based session summary (no API key) learns the decision and the fix.
    await jobsDone(t, 'summarize');
    const s = core.read.sessionByClaudeId(sid)!;
    const detail = (await t.api('GET', `/api/sessions/${s.id}`)).json as {
      summary: { learned: string | null };
    };
    expect(detail.summary.learned).toContain('Fixed: AssertionError: expected 5 to be 4');
    expect(detail.summary.learned).toContain('Decided: Yes (Tests)');

    // The turn grows (a late call, a second Stop): the same episode is updated, not duplicated.
    await post('PostToolUse', {
      tool_name: 'Write',
      tool_input: { file_path: `${cwd}/src/math.regression.test.ts`, content: 'test' },
      tool_response: { type: 'create' },
      tool_use_id: 'toolu_live_5',
    });
    await post('Stop', { last_assistant_message: 'Added a regression test too.' });
    await jobsDone(t, 'episode');
    const grown = rows(core, sid, 'memtray:episode');
    expect(grown).toHaveLength(1);
    expect(facts(grown[0]!)).toContain('file: src/math.regression.test.ts');
    expect(grown[0]!.id).toBe(episode.id);
    expect(grown[0]!.narrative).toContain('Ended: Added a regression test too.');
  });

  it("keeps a failed piped command whole in the turn's episode, with its error", async () => {
    t = await startTestService();
    const sid = 'live-episode-piped';
    const post = hookPoster(t, { session_id: sid, cwd: '/home/dev/turnstile' });
    // 124 characters: the part after the first pipe is what a person remembers running.
    const command =
      'cargo test --offline 2>&1 | grep -E "^(error|test result|warning)" ; cargo test --offline 2>&1 | grep -A8 "^error\\[" | head -20';
    await post('UserPromptSubmit', { prompt: 'Drop the token bucket' });
    await post('PostToolUseFailure', {
      tool_name: 'Bash',
      tool_input: { command },
      tool_use_id: 'toolu_piped_1',
      error: 'Exit code 1\nerror[E0432]: unresolved import `crate::bucket`',
    });
    await post('Stop', { last_assistant_message: 'The bucket is gone.' });
    await jobsDone(t, 'episode');
    const episode = rows(t.service.core, sid, 'memtray:episode')[0]!;
    expect(facts(episode)).toContain(`failed: ${command}: error[E0432]: unresolved import \`crate::bucket\``);
  });

  it('without a passing rerun yet, the change to the file the error names is the fix', async () => {
    t = await startTestService();
    const core = t.service.core;
    const sid = 'live-bugfix-named';
    const cwd = '/home/dev/app';
    const post = hookPoster(t, { session_id: sid, cwd });
    const edit = (file: string, id: string) =>
      post('PostToolUse', {
        tool_name: 'Edit',
        tool_input: { file_path: `${cwd}/${file}`, old_string: 'a', new_string: 'b' },
        tool_response: { filePath: `${cwd}/${file}` },
        tool_use_id: id,
      });
    await post('UserPromptSubmit', { prompt: 'make the build pass' });
    await post('PostToolUseFailure', {
      tool_name: 'Bash',
      tool_input: { command: 'npx tsc --noEmit' },
      tool_use_id: 'toolu_n_1',
      error: "Exit code 2\nsrc/app.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.",
    });
    await edit('src/other.ts', 'toolu_n_2');
    await edit('src/app.ts', 'toolu_n_3');
    await post('Stop', { last_assistant_message: 'Typed the port as a number.' });
    await jobsDone(t, 'episode');
    const fixes = rows(core, sid, 'memtray:bugfix');
    expect(fixes).toHaveLength(1);
    expect(fixes[0]!.title).toBe(
      "Fixed: src/app.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(facts(fixes[0]!)).toEqual([
      "error: src/app.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.",
      'command: npx tsc --noEmit',
      'file: src/app.ts',
      'fix: Edited src/app.ts',
    ]);
  });

  it('live calls get the assistant words from the transcript after Stop (reconciliation), once', async () => {
    t = await startTestService();
    const core = t.service.core;
    const dir = fixtureDir('failure-fix.jsonl');
    const transcript = join(dir, 'p', 'failure-fix.jsonl');
    const cwd = '/home/dev/calc';
    const post = hookPoster(t, { session_id: FIX, cwd, transcript_path: transcript });
    await post('UserPromptSubmit', { prompt: 'Fix the failing sum test in the calculator' });
    await post('PostToolUseFailure', {
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_use_id: 'toolu_fx_1',
      error: 'Exit code 1\nFAIL src/math.test.ts\nAssertionError: expected 5 to be 4',
    });
    await post('PostToolUse', {
      tool_name: 'Edit',
      tool_input: {
        file_path: `${cwd}/src/math.ts`,
        old_string: 'return a + b + 1;',
        new_string: 'return a + b;',
      },
      tool_response: { filePath: `${cwd}/src/math.ts` },
      tool_use_id: 'toolu_fx_2',
    });
    await post('PostToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_response: { stdout: 'Tests: 7 passed', stderr: '', interrupted: false },
      tool_use_id: 'toolu_fx_3',
    });
    await t.settled();
    expect(rows(core, FIX).find((r) => r.tool_use_id === 'toolu_fx_2')!.narrative).toBeNull();
    await post('Stop', { last_assistant_message: 'The sum test passes again.' });
    // Reconciliation reads the transcript one second after Stop (background, off the hook path).
    let edit: Row | undefined;
    for (let i = 0; i < 200 && !edit?.narrative; i++) {
      await new Promise((r) => setTimeout(r, 25));
      edit = rows(core, FIX).find((r) => r.tool_use_id === 'toolu_fx_2');
    }
    expect(edit!.narrative).toMatch(/^Claude: The sum function adds an off-by-one carry/);
    expect(edit!.narrative).not.toContain('ghp_0123456789');
    await jobsDone(t, 'episode');
    const calls = rows(core, FIX).filter((r) => !r.tool_name.startsWith('memtray:'));
    expect(calls.filter((r) => r.tool_use_id?.startsWith('toolu_fx_')).map((r) => r.tool_use_id)).toEqual([
      'toolu_fx_1',
      'toolu_fx_2',
      'toolu_fx_3',
    ]);
    expect(rows(core, FIX, 'memtray:decision').map((d) => d.tool_use_id)).toEqual([
      'toolu_fx_4',
      'toolu_fx_5',
      `decision:${FIX}:3`,
    ]);
    // (The fixture's times are in the past, the live prompt's now: compare turns, not times.)
    const eps = rows(core, FIX, 'memtray:episode').sort((a, b) => a.prompt_number - b.prompt_number);
    expect(eps.map((e) => e.prompt_number)).toEqual([1, 2, 3]);
    expect(eps[0]!.narrative).toContain("Claude: I'll run the test suite first");
    expect(rows(core, FIX, 'memtray:compaction')).toHaveLength(1);
    expect(rows(core, FIX, 'memtray:bugfix')).toHaveLength(1);
  });
});
