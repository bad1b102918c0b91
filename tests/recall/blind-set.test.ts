/**
 * The blind recall set (bench/recall/blind/) stays what it was when frozen: every key is on the
 * transcript lines its evidence cites and appears in no question, and every set loads.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadQuestions } from '../../bench/recall/score.js';

const BLIND = join(process.cwd(), 'bench', 'recall', 'blind');

describe('the blind recall set', () => {
  it('every key is on its cited transcript lines and in no question', () => {
    const out = execFileSync(
      process.execPath,
      [
        join(BLIND, 'verify.mjs'),
        join(BLIND, 'transcripts'),
        join(BLIND, 'dev.json'),
        join(BLIND, 'test.json'),
        join(BLIND, 'holdout.json'),
        join(BLIND, 'dev2.json'),
        join(BLIND, 'dev3.json'),
        join(BLIND, 'dev4.json'),
        join(BLIND, 'dev5.json'),
      ],
      { encoding: 'utf8' },
    );
    expect(out).toMatch(/0 failures/);
  });

  it('has a dev and a test split of at least 120 questions in all, a holdout and dev2 to dev5, no id twice', () => {
    const dev = loadQuestions(join(BLIND, 'dev.json'));
    const test = loadQuestions(join(BLIND, 'test.json'));
    const holdout = loadQuestions(join(BLIND, 'holdout.json'));
    const dev2 = loadQuestions(join(BLIND, 'dev2.json'));
    const dev3 = loadQuestions(join(BLIND, 'dev3.json'));
    const dev4 = loadQuestions(join(BLIND, 'dev4.json'));
    const dev5 = loadQuestions(join(BLIND, 'dev5.json'));
    expect(dev.length + test.length).toBeGreaterThanOrEqual(120);
    expect(holdout.length).toBeGreaterThanOrEqual(60);
    expect(dev2.length).toBeGreaterThanOrEqual(60);
    expect(dev3.length).toBeGreaterThanOrEqual(60);
    expect(dev4.length).toBeGreaterThanOrEqual(60);
    expect(dev5.length).toBeGreaterThanOrEqual(60);
    const ids = [...dev, ...test, ...holdout, ...dev2, ...dev3, ...dev4, ...dev5].map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
