/**
 * A memory's facts keep the head of what its tool call wrote or printed; the call's own input and
 * output hold the rest. A result whose snippet leaves out some of the question's words shows, under
 * it, the passage of its call that holds the most of them: a heap summary in the middle of a run's
 * output, a setting far down a file that was written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leftOut, missingPassage } from '../../electron/core/recall/missing-passage.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { plain } from './shape-rows.js';

const VALGRIND = [
  'Exit code 3',
  '==4242== Memcheck, a memory error detector',
  '==4242== Command: ./logrot -f /tmp/bad.conf',
  "logrot: /tmp/bad.conf:4: unknown key 'sise'",
  '==4242== HEAP SUMMARY:',
  '==4242==     in use at exit: 11 bytes in 1 blocks',
  '==4242==   total heap usage: 3 allocs, 2 frees, 4,579 bytes allocated',
  '==4242== 11 bytes in 1 blocks are definitely lost in loss record 1 of 1',
  '==4242==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)',
  '==4242==    by 0x109D59: load_config (in /src/logrot/logrot)',
  '==4242== ERROR SUMMARY: 1 errors from 1 contexts (suppressed: 0 from 0)',
].join('\n');

/** A long module: its first lines are kept as facts, the retry limit near its end is not. */
const MODULE = [
  '"""Fetches the feeds listed in feeds.toml and stores new entries."""',
  ...Array.from({ length: 60 }, (_, i) => `def step_${i}(feed):\n    return feed.fetch(${i})`),
  'BACKOFF_CEILING_SECONDS = 900',
].join('\n');

describe("a result shows the passage of its own call's input and output that answers", () => {
  let t: TestService;
  const search = async (q: string): Promise<string[]> => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
    return (JSON.parse(r.text) as { items: Array<{ snippet: string }> }).items.map((i) => plain(i.snippet));
  };
  beforeAll(async () => {
    t = await startTestService();
    const post = async (event: string, body: Record<string, unknown>): Promise<void> => {
      const session = { session_id: 'raw-passage', cwd: '/src/logrot', hook_event_name: event };
      expect((await t.api('POST', `/api/hooks/${event}`, { ...session, ...body })).status).toBe(200);
    };
    await post('UserPromptSubmit', { prompt: 'run it under valgrind with a broken config' });
    await post('PostToolUseFailure', {
      tool_name: 'Bash',
      tool_input: { command: 'valgrind --leak-check=full --error-exitcode=3 ./logrot -f /tmp/bad.conf' },
      tool_use_id: 'toolu_raw_1',
      error: VALGRIND,
    });
    await post('PostToolUse', {
      tool_name: 'Write',
      tool_input: { file_path: '/src/logrot/feeds.py', content: MODULE },
      tool_response: { type: 'create', filePath: '/src/logrot/feeds.py', content: MODULE },
      tool_use_id: 'toolu_raw_2',
    });
    await t.settled();
  });
  afterAll(async () => t.dispose());

  it('a line in the middle of what a command printed', async () => {
    const shown = await search(
      'On the broken config run, how many allocations and frees did the heap summary show?',
    );
    expect(shown.join('\n')).toContain('total heap usage: 3 allocs, 2 frees');
  });

  it('a line far down a file that was written', async () => {
    const shown = await search('What ceiling does the feed fetcher put on its backoff, in seconds?');
    expect(shown.join('\n')).toContain('BACKOFF_CEILING_SECONDS = 900');
  });
});

describe('the passage that holds the words a snippet left out', () => {
  /** What shows under `snippet`, for a question of the words `groups`. */
  const under = (text: string, groups: string[][], snippet: string): string | null =>
    missingPassage(text, groups, leftOut(groups, snippet.toLowerCase()));
  const text = [
    '==1== total heap usage: 3 allocs, 2 frees, 4,579 bytes allocated',
    '==1== definitely lost: 11 bytes in 1 blocks',
    '==1== at 0x1: malloc (in vgpreload_memcheck.so)',
  ].join('\n');

  it("counts a word once however many of its alternatives a passage holds (`malloc` is one of `alloc`'s)", () => {
    const more = under(text, [['alloc', 'malloc'], ['fre']], 'Valgrind, config with an error');
    expect(plain(more ?? '')).toContain('3 allocs, 2 frees');
  });

  it('shows two short lines that each hold a word left out, rather than one with its context', () => {
    const config = [
      'access log size threshold: 100M',
      'the access log is written by nginx, which reopens it on USR1 from its own logrotate hook',
      'generations kept: 10',
    ].join('\n');
    const more = plain(under(config, [['threshold'], ['generations']], 'the sample config') ?? '');
    expect(more).toContain('threshold: 100M');
    expect(more).toContain('generations kept: 10');
  });

  it('takes a word as shown when the snippet shows one of its alternatives', () => {
    expect(under(text, [['memory', 'heap']], 'Memcheck, a memory error detector')).toBeNull();
  });
});
