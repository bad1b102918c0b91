/**
 * The recall figures the README and the search explanation quote, read from the newest
 * bench/results/*-recall.json (written by `npx tsx bench/recall/blind.ts --json-out FILE`), never
 * typed by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Tally {
  hits: number;
  total: number;
  rate: number;
}
interface SetResult {
  hitAt5: Tally;
  searchOnly: Tally;
}
export interface RecallResult {
  date: string;
  embeddings: string;
  own: SetResult;
  dev: SetResult;
  test: SetResult;
  /** A second blind set, written later (bench/recall/blind/HOLDOUT.md); absent in older results. */
  holdout?: SetResult;
  /** A third blind set whose misses may be read (bench/recall/blind/DEV2.md); absent in older results. */
  dev2?: SetResult;
  /** A fourth blind set whose misses may be read (bench/recall/blind/DEV3.md); absent in older results. */
  dev3?: SetResult;
  dev4?: SetResult;
  dev5?: SetResult;
}

/** The newest recall results file under `dir` (by name: `<date>-<host>-recall.json`), and its path. */
export function latestRecall(root: string): { path: string; result: RecallResult } {
  const dir = join(root, 'bench/results');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('-recall.json'))
    .sort();
  const file = files.at(-1);
  if (!file)
    throw new Error('no bench/results/*-recall.json: run npx tsx bench/recall/blind.ts --json-out …');
  const path = `bench/results/${file}`;
  return { path, result: JSON.parse(readFileSync(join(root, path), 'utf8')) as RecallResult };
}

/** A share to a tenth of a point, cut rather than rounded: 53 of 71 is 74.6 %, never "75 %". */
const pct = (t: Tally): string => `${(Math.floor((t.hits * 1000) / t.total) / 10).toFixed(1)} %`;

/** One sentence for the README. */
export function recallSentence(r: RecallResult, path: string): string {
  const t = r.test.hitAt5;
  const h = r.holdout?.hitAt5;
  return [
    `On a blind set of questions about recorded projects, the top five results plus the digest answer`,
    `${t.hits} of ${t.total} (${pct(t)}) with rules only, no model` +
      (h ? `, and ${h.hits} of ${h.total} (${pct(h)}) of a second blind set` : ''),
    `([${r.date.slice(0, 10)}](${path}); [how recall is measured](docs/explanation/search-and-recall.md#how-well-it-works)).`,
  ].join('\n');
}

/** The table of docs/explanation/search-and-recall.md. */
export function recallTable(r: RecallResult, path: string): string {
  const row = (label: string, s: SetResult): string =>
    `| ${label} | ${s.hitAt5.hits} of ${s.hitAt5.total} (${pct(s.hitAt5)}) | ${s.searchOnly.hits} (${pct(s.searchOnly)}) |`;
  return [
    `From \`npx tsx bench/recall/blind.ts\` on ${r.date.slice(0, 10)}, embeddings ${r.embeddings}`,
    `([raw results](../../${path})):`,
    '',
    '| Question set | Top 5 + digest | Search alone |',
    '| --- | --- | --- |',
    row('Own set (written before tuning)', r.own),
    row('Blind set, dev split', r.dev),
    ...(r.dev2 ? [row('Third blind set, dev2 (its misses are read)', r.dev2)] : []),
    ...(r.dev3 ? [row('Fourth blind set, dev3 (its misses are read)', r.dev3)] : []),
    ...(r.dev4 ? [row('Fifth blind set, dev4 (its misses are read)', r.dev4)] : []),
    ...(r.dev5 ? [row('Sixth blind set, dev5 (its misses are read)', r.dev5)] : []),
    row('Blind set, test split (only totals are ever read)', r.test),
    ...(r.holdout ? [row('Second blind set, holdout (only totals are ever read)', r.holdout)] : []),
  ].join('\n');
}
