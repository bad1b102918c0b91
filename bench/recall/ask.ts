/**
 * Asking a question set of the recall bench: each question through `GET /api/search` (top 5) and
 * its project's SessionStart digest, scored by the hit rule (score.ts), once with the digest and
 * once on the search alone.
 */
import { digest, search, type Bench } from './harness.js';
import { missingKeys, shownText, type Outcome, type Question, type ShownItem } from './score.js';

export interface Asked {
  outcomes: Outcome[];
  searchOnly: Outcome[];
  perQuestion: Array<Outcome & { q: string; keys: string[]; missing: string[]; top: ShownItem[] }>;
  latencies: number[];
  digests: Map<string, string>;
}

/** The digest of every project the questions name, once each. */
export async function digestsFor(bench: Bench, questions: Question[]): Promise<Map<string, string>> {
  const projects = [...new Set(questions.flatMap((q) => q.project.split(',')))].sort();
  const out = new Map<string, string>();
  for (const p of projects) out.set(p, await digest(bench, p));
  return out;
}

/**
 * Asks every question `repeat` times (the first pass is scored, every pass timed); `askedFrom`
 * gives the project a question is asked from (`prefer=`), or undefined for none.
 */
export async function askAll(
  bench: Bench,
  questions: Question[],
  opts: { repeat?: number; askedFrom?: (project: string) => string | undefined } = {},
): Promise<Asked> {
  const digests = await digestsFor(bench, questions);
  const asked: Asked = { outcomes: [], searchOnly: [], perQuestion: [], latencies: [], digests };
  for (let pass = 0; pass < Math.max(1, opts.repeat ?? 1); pass++) {
    for (const q of questions) {
      const s = performance.now();
      const items = await search(bench, q.q, 5, opts.askedFrom?.(q.project));
      asked.latencies.push(performance.now() - s);
      if (pass > 0) continue;
      const dig = q.project
        .split(',')
        .map((p) => digests.get(p) ?? '')
        .join('\n');
      const missing = missingKeys(q.keys, shownText(items, dig, 5));
      const o: Outcome = { id: q.id, category: q.category, source: q.source, hit: missing.length === 0 };
      asked.outcomes.push(o);
      asked.searchOnly.push({ ...o, hit: missingKeys(q.keys, shownText(items, '', 5)).length === 0 });
      asked.perQuestion.push({ ...o, q: q.q, keys: q.keys, missing, top: items.slice(0, 5) });
    }
  }
  return asked;
}
