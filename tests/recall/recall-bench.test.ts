/**
 * The recall bench's harness (`bench/recall`): the hit rule, the question set's integrity (every
 * key is on the transcript line its evidence cites), and the recorded fixture transcripts going
 * through the real import path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BENCH_NOW,
  FIXTURE_DIR,
  importTranscripts,
  search,
  startBench,
  type Bench,
} from '../../bench/recall/harness.js';
import { NOISE_PROJECTS } from '../../bench/recall/noise.js';
import { loadCorpusText } from '../../bench/search/corpus-text.js';
import {
  aggregate,
  CATEGORIES,
  isHit,
  loadQuestions,
  missingKeys,
  percentile,
  shownText,
  stripMarks,
  type Outcome,
} from '../../bench/recall/score.js';

const item = (title: string, snippet = ''): { title: string; snippet: string } => ({ title, snippet });

describe('hit rule', () => {
  it('strips only the literal mark tags', () => {
    expect(stripMarks('ran <mark>node</mark> <mark>test.js</mark>')).toBe('ran node test.js');
    expect(stripMarks('<b>x</b> <marker>')).toBe('<b>x</b> <marker>');
  });

  it('a key split by highlighting still matches; matching ignores case', () => {
    const items = [item('Ran <mark>node</mark> test.js'), item('Edited src/Cart.js')];
    expect(isHit(['NODE TEST.JS', 'cart.js'], items, '')).toBe(true);
  });

  it('every key must be shown somewhere: titles, snippets or the digest', () => {
    const items = [item('Edited src/cart.js', 'ReferenceError: <mark>discountRate</mark> is not defined')];
    expect(isHit(['cart.js', 'discountRate is not defined'], items, '')).toBe(true);
    expect(isHit(['cart.js', 'rename'], items, '')).toBe(false);
    expect(isHit(['cart.js', 'rename'], items, '# digest\n- renamed rate')).toBe(true);
    expect(missingKeys(['cart.js', 'rename', 'vat'], shownText(items, ''))).toEqual(['rename', 'vat']);
  });

  it('only the top 5 count', () => {
    const items = [1, 2, 3, 4, 5].map((n) => item(`Result ${n}`)).concat(item('Edited src/prices.js'));
    expect(isHit(['prices.js'], items, '')).toBe(false);
    expect(isHit(['prices.js'], items.slice(1), '')).toBe(true);
  });

  it('a key does not match across two results', () => {
    expect(isHit(['node test.js'], [item('ran node'), item('test.js passed')], '')).toBe(false);
  });

  it('aggregates per category (all listed), per source and overall', () => {
    const o = (
      id: string,
      category: Outcome['category'],
      source: Outcome['source'],
      hit: boolean,
    ): Outcome => ({
      id,
      category,
      source,
      hit,
    });
    const agg = aggregate([
      o('a', 'file', 'fixture', true),
      o('b', 'file', 'corpus', false),
      o('c', 'broke', 'fixture', true),
      o('d', 'order', 'corpus', false),
    ]);
    expect(agg.overall).toEqual({ hits: 2, total: 4, rate: 0.5 });
    expect(agg.byCategory.file).toEqual({ hits: 1, total: 2, rate: 0.5 });
    expect(agg.byCategory.broke).toEqual({ hits: 1, total: 1, rate: 1 });
    expect(agg.byCategory.decision).toEqual({ hits: 0, total: 0, rate: 0 });
    expect(Object.keys(agg.byCategory)).toEqual([...CATEGORIES]);
    expect(agg.bySource).toEqual({
      corpus: { hits: 0, total: 2, rate: 0 },
      fixture: { hits: 2, total: 2, rate: 1 },
    });
  });

  it('percentiles by nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('question set', () => {
  const questions = loadQuestions(join(process.cwd(), 'bench', 'recall', 'questions.json'));

  it('has enough questions, in every category, with unique ids, enough of them on the fixtures', () => {
    expect(questions.length).toBeGreaterThanOrEqual(60);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    expect(questions.filter((q) => q.source === 'fixture').length).toBeGreaterThanOrEqual(25);
    for (const c of CATEGORIES)
      expect(
        questions.some((q) => q.category === c),
        c,
      ).toBe(true);
  });

  it('the background noise (--noise) lives in projects no question names', () => {
    const named = new Set(questions.flatMap((q) => q.project.split(',')));
    expect(NOISE_PROJECTS.filter((p) => named.has(p))).toEqual([]);
  });

  it("the noise's text leaves out the transcripts it is told to skip", () => {
    const all = loadCorpusText(FIXTURE_DIR);
    expect(all.identifiers).toContain('formatPrice');
    const without = loadCorpusText(FIXTURE_DIR, (f) => f.startsWith(join(FIXTURE_DIR, 'pricebook')));
    expect(without.identifiers).not.toContain('formatPrice');
    expect(without.sentences).toEqual([]);
  });

  it("every key is on a transcript line the question's evidence cites", () => {
    let checked = 0;
    const files = new Map<string, string[]>();
    const lineOf = (file: string, n: number): string | undefined => {
      if (!files.has(file)) files.set(file, readFileSync(join(process.cwd(), file), 'utf8').split('\n'));
      return files.get(file)![n - 1];
    };
    for (const q of questions) {
      const cites = [...q.evidence.matchAll(/(\S+\.jsonl):(\d+) — /g)];
      expect(cites.length, q.id).toBeGreaterThan(0);
      if (q.source === 'corpus' && !existsSync(join(process.cwd(), cites[0]![1]!))) continue;
      const lines = cites.map((m) => {
        const text = lineOf(m[1]!, Number(m[2]));
        expect(text, `${q.id}: ${m[0]}`).toBeTruthy();
        return text!.toLowerCase();
      });
      for (const k of q.keys)
        expect(
          lines.some((l) => l.includes(k.toLowerCase())),
          `${q.id}: ${k}`,
        ).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(25);
  });
});

describe('recorded fixture transcripts through the real import', () => {
  let bench: Bench;
  beforeAll(async () => {
    bench = await startBench();
  });
  afterAll(async () => {
    await bench?.close();
  });

  it('import cleanly: four sessions, ten prompts, their tool calls, project pricebook', async () => {
    const p = await importTranscripts(bench, [FIXTURE_DIR]);
    expect(p.status).toBe('done');
    expect(p.skippedLines).toBe(0);
    expect(p.sessions).toBe(4);
    expect(p.prompts).toBe(10);
    expect(p.toolCalls).toBeGreaterThan(40);
    const projects = bench.service.core.sqlite
      .prepare('select distinct project from sessions')
      .pluck()
      .all() as string[];
    expect(projects).toEqual(['pricebook']);
    const items = await search(bench, 'cart.js');
    expect(items.length).toBeGreaterThan(0);
  });

  it('asks its questions at a fixed instant, so a figure does not move as days pass', () => {
    const now = bench.service.core.clock();
    expect(now).toBeGreaterThanOrEqual(BENCH_NOW);
    expect(now - BENCH_NOW).toBeLessThan(10 * 60_000);
  });
});
