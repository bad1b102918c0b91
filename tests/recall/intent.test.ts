/** Reading a question's intent without a model: which kind of memory answers it. */
import { describe, expect, it } from 'vitest';
import { classify, intentBoost, readQuestion, spansSessions } from '../../electron/core/recall/intent.js';

describe('question intent', () => {
  it.each([
    ['why did the deploy job fail on friday?', 'failure'],
    ['why did the pre-commit hook reject the commit?', 'failure'],
    ['why was the upload refused by the proxy?', 'failure'],
    // The failure told first, the why after it.
    ['the upload was refused by the proxy at first. why?', 'failure'],
    ['why did we pick postgres over sqlite?', 'decision'],
    ['why did we fix the flaky test instead of skipping it?', 'decision'],
    // What a thing was for is its reason.
    ['what was the clock abstraction introduced for?', 'decision'],
    ['what was the lock-contention benchmark written to find out?', 'decision'],
    ['那个假时钟是用来干什么的？', 'decision'],
    ['which file is the retry logic for uploads in?', 'file'],
    ['what did I ask for when we set up the ledger?', 'ask'],
    ['what was the plan for the refund flow?', 'ask'],
    ['what was the importer supposed to do?', 'ask'],
    ['which two kinds of broken links did I want it to catch?', 'ask'],
    ['how long did we say the note should hold?', 'ask'],
    ['what broke in the checkout?', 'failure'],
    ['which file holds the retry logic?', 'file'],
    // Asking how a thing is measured, reproduced or confirmed asks for the command that did it.
    ['how do we measure the queue latency under load?', 'command'],
    ['how did you reproduce the race on the build box?', 'command'],
    ['怎么确认 node 里没有这个模块？', 'command'],
    // Asking how something was searched for asks for the search (a Grep, a Glob).
    ['how did I find everything that still referred to the old client?', 'command'],
    ['how did we search the code for leftover version strings?', 'command'],
    ['怎么找的还有没有别处用到这个函数？', 'command'],
    // "Where is X?" asks for a place in the tree, even when X is something run.
    ['where is the config parsing implemented?', 'file'],
    ["where's the sample workflow?", 'file'],
    ['where are the tests that run the cli as a subprocess?', 'file'],
    // Only as the question's opening: "where" later in a question asks something else.
    ['how many bytes did the log have, and where did they go?', null],
  ] as const)('%s → %s', (q, intent) => {
    expect(classify(q)).toBe(intent);
  });
});

const words = (q: string): string[] => q.toLowerCase().match(/[a-z]+/g) ?? [];

describe('readQuestion', () => {
  it('takes the verb of "why did we <verb> …" as optional: the answer may word the action otherwise', () => {
    const q = 'why did we drop the plimbo cache?';
    expect(readQuestion(q, words(q))).toEqual({
      required: ['plimbo', 'cache'],
      optional: ['drop'],
      intent: 'decision',
      result: false,
      wants: null,
      spans: false,
      artifact: false,
      typed: false,
      howTo: false,
    });
    // Only that verb: elsewhere the same word is required.
    const other = 'what did we do about the drop in cache hits?';
    expect(readQuestion(other, words(other)).required).toContain('drop');
    // A question of nothing else keeps it to search for.
    const bare = 'why did we migrate?';
    expect(readQuestion(bare, words(bare)).required).toEqual(['migrate']);
  });

  it('takes "implemented", "defined" and "lives" as the frame of a file question, not as code words', () => {
    // `implemented` would otherwise find every Rust `impl` block through the lexicon.
    const q = 'where is the config parsing implemented?';
    expect(readQuestion(q, words(q))).toMatchObject({ required: ['config', 'parsing'], intent: 'file' });
    const lives = 'where does the thread-safe wrapper live?';
    expect(readQuestion(lives, words(lives)).optional).toContain('live');
  });

  it('asks for the thing in "have we seen … before?", not for the word `seen`', () => {
    // `seen` is in code ("a key never seen") and output; the error's name is what was asked.
    const q = 'have we seen the ProgrammingError before?';
    expect(readQuestion(q, words(q)).required).toEqual(['programmingerror']);
    const saw = 'did we see this timeout in CI?';
    expect(readQuestion(saw, words(saw)).required).toEqual(['timeout', 'ci']);
  });
});

describe('spansSessions', () => {
  it.each([
    'which file did the first session create, and what did the later one add to it?',
    'what did the option print in the original version?',
    'which constant did both benchmarks use?',
    'when was the retry budget introduced?',
    '第一次会话里的默认值后来改成了多少？',
  ])('a question about more than one session: %s', (q) => {
    expect(spansSessions(q)).toBe(true);
  });

  it.each([
    'what was the last thing we did in the discount session?',
    'which file holds the retry logic?',
    '重试逻辑在哪个文件里？',
  ])('a question about one session or none: %s', (q) => {
    expect(spansSessions(q)).toBe(false);
  });
});

describe('intentBoost', () => {
  it('ranks a search of the code (Grep, Glob) with commands for a command question, not for others', () => {
    expect(intentBoost('command', 'observation', 'discovery', 'Grep', 'Searched for bucket')).toBe(2);
    expect(intentBoost('command', 'observation', 'discovery', 'Glob', 'Listed **/*.py')).toBe(2);
    expect(intentBoost('command', 'observation', 'discovery', 'Read', 'Read src/app.js')).toBe(1);
    expect(intentBoost('file', 'observation', 'discovery', 'Grep', 'Searched for bucket')).toBe(1);
  });

  it('reads the verb of "how did I find …" as optional: the search is worded by its pattern', () => {
    const q = 'how did I find everything that still referred to the plimbo cache?';
    const r = readQuestion(q, words(q));
    expect(r.optional).toContain('find');
    expect(r.required).not.toContain('find');
  });
});
