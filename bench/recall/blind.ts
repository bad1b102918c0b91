/**
 * The recall bench on questions nobody tuned for, beside the project's own set:
 *
 *   npx tsx bench/recall/blind.ts [--json-out FILE] [--misses FILE] [--embeddings test]
 *
 * `own`: bench/recall/questions.json over the fixture (and, when present, the shared corpus)
 * transcripts, as `run.ts` asks it. `dev` and `test`: the blind set (bench/recall/blind/), written
 * from the transcripts alone before any tuning and split once; asked over the blind transcripts.
 * Of `test` only totals are ever printed (overall and per category): its misses are never read, so
 * it cannot be fitted. `holdout`: a second blind set over the same transcripts, written later by
 * someone who also saw only them (HOLDOUT.md), read the same way as `test`. `dev2`: a third blind
 * set written after dev's misses had been read down to the hard ones (DEV2.md); its misses may be
 * read, like dev's. `dev3`: a fourth, written after dev2's misses had been read (DEV3.md), and
 * `dev4` and `dev5` a fifth and a sixth, each written after the last one's misses had been read
 * (DEV4.md, DEV5.md), read the same way. `--misses FILE` writes the misses of `dev` to `dev5`
 * alone. A change that
 * lowers `test` or `holdout` is reverted, whatever it does to the sets whose misses are read.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { askAll, type Asked } from './ask.js';
import { CORPUS_DIR, enableTestEmbeddings, FIXTURE_DIR, importTranscripts, startBench } from './harness.js';
import { aggregate, loadQuestions, type Question } from './score.js';

export const BLIND_DIR = join(process.cwd(), 'bench', 'recall', 'blind');

const { values } = parseArgs({
  options: {
    'json-out': { type: 'string' },
    misses: { type: 'string' },
    embeddings: { type: 'string' },
  },
});
if (values.embeddings !== undefined && values.embeddings !== 'test')
  throw new Error(`--embeddings must be test, got '${values.embeddings}'`);

/** Asks `questions` in a fresh service over the transcripts of `dirs`. */
async function askOver(dirs: string[], questions: Question[]): Promise<Asked> {
  const bench = await startBench();
  const emb = { server: null as Awaited<ReturnType<typeof enableTestEmbeddings>> | null };
  try {
    await importTranscripts(bench, dirs);
    if (values.embeddings === 'test') emb.server = await enableTestEmbeddings(bench);
    return await askAll(bench, questions);
  } finally {
    await bench.close();
    await emb.server?.close();
  }
}

const totals = (a: Asked): Record<string, unknown> => {
  const agg = aggregate(a.outcomes);
  const byCategory = Object.fromEntries(Object.entries(agg.byCategory).filter(([, t]) => t.total > 0));
  return { hitAt5: agg.overall, searchOnly: aggregate(a.searchOnly).overall, byCategory };
};

const own = loadQuestions(join(process.cwd(), 'bench', 'recall', 'questions.json')).filter(
  (q) => q.source === 'fixture' || existsSync(CORPUS_DIR),
);
const ownDirs = [FIXTURE_DIR, ...(existsSync(CORPUS_DIR) ? [CORPUS_DIR] : [])];
const transcripts = join(BLIND_DIR, 'transcripts');
const blindDirs = readdirSync(transcripts).map((d) => join(transcripts, d));
const dev = loadQuestions(join(BLIND_DIR, 'dev.json'));
const test = loadQuestions(join(BLIND_DIR, 'test.json'));
/** A set written later than dev and test: its questions, or none where it is absent. */
const later = (name: string): Question[] => {
  const path = join(BLIND_DIR, `${name}.json`);
  return existsSync(path) ? loadQuestions(path) : [];
};
const holdout = later('holdout');
const dev2 = later('dev2');
const dev3 = later('dev3');
const dev4 = later('dev4');
const dev5 = later('dev5');

const ownAsked = await askOver(ownDirs, own);
const blind = await askOver(blindDirs, [...dev, ...test, ...holdout, ...dev2, ...dev3, ...dev4, ...dev5]);
const part = (ids: Set<string>): Asked => ({
  ...blind,
  outcomes: blind.outcomes.filter((o) => ids.has(o.id)),
  searchOnly: blind.searchOnly.filter((o) => ids.has(o.id)),
  perQuestion: blind.perQuestion.filter((o) => ids.has(o.id)),
});
const devAsked = part(new Set(dev.map((q) => q.id)));
const testAsked = part(new Set(test.map((q) => q.id)));
const holdoutAsked = part(new Set(holdout.map((q) => q.id)));
const dev2Asked = part(new Set(dev2.map((q) => q.id)));
const dev3Asked = part(new Set(dev3.map((q) => q.id)));
const dev4Asked = part(new Set(dev4.map((q) => q.id)));
const dev5Asked = part(new Set(dev5.map((q) => q.id)));
const rate = (a: Asked): number => aggregate(a.outcomes).overall.rate;
const result = {
  bench: 'recall-blind',
  date: new Date().toISOString(),
  embeddings: values.embeddings === 'test' ? 'test (concept lexicon)' : 'none',
  own: totals(ownAsked),
  dev: totals(devAsked),
  ...(dev2.length > 0 ? { dev2: totals(dev2Asked) } : {}),
  ...(dev3.length > 0 ? { dev3: totals(dev3Asked) } : {}),
  ...(dev4.length > 0 ? { dev4: totals(dev4Asked) } : {}),
  ...(dev5.length > 0 ? { dev5: totals(dev5Asked) } : {}),
  test: totals(testAsked),
  ...(holdout.length > 0 ? { holdout: totals(holdoutAsked) } : {}),
  gapOwnTestPoints: Math.round((rate(ownAsked) - rate(testAsked)) * 1000) / 10,
  notes: existsSync(CORPUS_DIR) ? [] : [`own set without its corpus questions: ${CORPUS_DIR} is absent`],
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
if (values['json-out']) writeFileSync(values['json-out'], `${JSON.stringify(result, null, 2)}\n`);
if (values.misses) {
  const misses = [devAsked, dev2Asked, dev3Asked, dev4Asked, dev5Asked]
    .flatMap((a) => a.perQuestion)
    .filter((o) => !o.hit);
  writeFileSync(values.misses, `${JSON.stringify(misses, null, 2)}\n`);
}
