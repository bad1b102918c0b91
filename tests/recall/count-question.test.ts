/**
 * "How many tests are there?" asks for a count of tests: `many` is how the question is put, not a
 * word to look for. Looked for, it found `too_many_requests` and "however many links" instead of
 * the test run that printed the count.
 */
import { describe, expect, it } from 'vitest';
import { readQuestion } from '../../electron/core/recall/intent.js';
import { NOW, pinnedService } from './pinned.js';
import { insertObservation } from './seed.js';

const words = (q: string): string[] => q.toLowerCase().match(/[a-z]+/g) ?? [];

describe('a count of what the frame words name', () => {
  it('leaves `many` and `much` out of "how many tests / files …"', () => {
    for (const [q, required] of [
      ['how many tests are there?', ['tests']],
      ['how many files did we change?', ['files', 'change']],
      ['how much did we change?', ['change']],
    ] as const)
      expect(readQuestion(q, words(q)).required, q).toEqual(required);
  });

  it('keeps them beside other words, and in a question of nothing else', () => {
    // "how many keys" counts keys: `many` stays a word of the question, as it was.
    const keys = 'how many keys does the limiter track?';
    expect(readQuestion(keys, words(keys)).required).toContain('many');
    expect(readQuestion('how many?', ['many']).required).toEqual(['many']);
  });
});

describe('"how many tests are there?"', () => {
  const s = pinnedService((sqlite) => {
    insertObservation(sqlite, {
      project: 'shelf',
      title: 'Created src/limit.rs',
      type: 'change',
      narrative: 'wrote: fn too_many_requests() -> Response; however many keys are tracked, one map',
      at: NOW - 3600_000,
    });
    insertObservation(sqlite, {
      project: 'shelf',
      title: 'Ran tests: cargo test',
      type: 'test',
      toolName: 'Bash',
      facts: ['command: cargo test', 'output: test result: ok. 42 passed; 0 failed'],
      narrative: 'test result: ok. 42 passed; 0 failed',
      at: NOW - 7200_000,
    });
  });

  it('finds the test run, not the code that says `many`', async () => {
    const { items } = await s.ask('how many tests are there?');
    expect(items[0]?.title).toBe('Ran tests: cargo test');
    expect(items[0]?.snippet).toContain('42 passed');
    expect(items.map((i) => i.title)).not.toContain('Created src/limit.rs');
  });
});
