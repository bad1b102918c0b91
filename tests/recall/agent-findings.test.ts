/**
 * "What did the subagent find?" asks what a delegated agent came back with: its result. The
 * snippet showed the task it was given, whose "find out which…" held the question's word.
 */
import { describe, expect, it } from 'vitest';
import { asksFindings } from '../../electron/core/recall/intent.js';
import { NOW, pinnedService } from './pinned.js';
import { insertObservation } from './seed.js';

describe('asksFindings', () => {
  it('reads a question about what an agent found, reported or said', () => {
    for (const q of [
      'what did the subagent find?',
      'what did the review agent report?',
      'what did the sub-agent come back with',
      'what did the agents conclude about the cache?',
      '子代理发现了什么？',
    ])
      expect(asksFindings(q), q).toBe(true);
  });

  it('not a question about what an agent was asked, nor a find without an agent', () => {
    for (const q of [
      'what did we ask the agent to do?',
      'what did the grep find?',
      'which agent did we use?',
    ])
      expect(asksFindings(q), q).toBe(false);
  });
});

describe('"what did the subagent find?"', () => {
  const s = pinnedService((sqlite) => {
    insertObservation(sqlite, {
      project: 'quill',
      title: 'Delegated: Audit the scanner tests',
      type: 'delegation',
      toolName: 'Task',
      facts: [
        'subagent_type: Explore',
        'prompt: In /home/dev/quill, find out which Markdown cases the scanner tests cover. Report per case.',
        'result: HTML comments: NOT covered; scan.py collects links inside them.',
        'result: Fenced code: covered by test_fenced_code_is_skipped.',
      ],
      narrative: "Claude: I'll have an Explore agent map what's covered.",
      at: NOW - 3600_000,
    });
  });

  const snippet = async (q: string): Promise<string> =>
    (await s.ask(q)).items[0]?.snippet.replace(/<\/?mark>/g, '') ?? '';

  it('shows what the agent came back with', async () => {
    expect(await snippet('what did the subagent find?')).toBe(
      'HTML comments: NOT covered; scan.py collects links inside them. Fenced code: covered by test_fenced_code_is_skipped.',
    );
  });

  it('shows the task for a question about what it was asked', async () => {
    expect(await snippet('what did we ask the explore agent to find out?')).toContain(
      'find out which Markdown cases',
    );
  });
});
