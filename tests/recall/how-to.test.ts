/**
 * "How do I build it?" asks how to do it now: a run that worked shows that, a failed run shows how
 * it did not work. A failed run often says the question's words more often (the error repeats
 * "build"), and came first.
 */
import { describe, expect, it } from 'vitest';
import { asksHowTo } from '../../electron/core/recall/intent.js';
import { NOW, pinnedService } from './pinned.js';
import { insertObservation } from './seed.js';

describe('asksHowTo', () => {
  it('reads a sentence asking how to do something, in English and Chinese', () => {
    for (const q of [
      'How do I build it?',
      'how to start the server',
      'ok. how can we run the benchmark?',
      '怎么跑测试？',
      '我们该如何部署？',
    ])
      expect(asksHowTo(q), q).toBe(true);
  });

  it('not what was done, nor a "how to" the question only mentions', () => {
    for (const q of [
      'how did we build it?',
      'why did the build fail?',
      'The first run ended with a hint on how to rerun the failing part. What did it say?',
      'what is the command for how to deploy',
      '当时是怎么跑测试的',
    ])
      expect(asksHowTo(q), q).toBe(false);
  });
});

describe('"how do I build it?"', () => {
  const s = pinnedService((sqlite) => {
    const run = (title: string, type: string, narrative: string, at: number): void => {
      insertObservation(sqlite, {
        project: 'kettle',
        title,
        type,
        narrative,
        toolName: 'Bash',
        toolInput: { command: 'cargo build --release' },
        at,
      });
    };
    run(
      'Command failed: Build the release binary',
      'failure',
      'error: could not build `kettle`: the build script build.rs failed; build aborted',
      NOW - 3 * 3600_000,
    );
    run('Build the release binary', 'build', 'Finished `release` profile in 4.2s', NOW - 2 * 3600_000);
  });

  const titles = async (q: string): Promise<string[]> => (await s.ask(q)).items.map((i) => i.title);

  it('puts the run that worked first', async () => {
    expect(await titles('how do I build it?')).toEqual([
      'Build the release binary',
      'Command failed: Build the release binary',
    ]);
  });

  it('leaves the failure first for a question about it', async () => {
    expect((await titles('why did the build fail?'))[0]).toBe('Command failed: Build the release binary');
  });
});
