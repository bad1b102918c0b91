/**
 * Recall bench: imports the recorded transcripts into a fresh data dir, asks every
 * question of `bench/recall/questions.json` through the search the popup and MCP use, and prints
 * JSON: hit@5 per category, per source and overall, digest tokens, and search latency.
 *
 *   npx tsx bench/recall/run.ts [--only fixture|corpus] [--json-out FILE] [--verbose] [--repeat 3]
 *                               [--embeddings test] [--from DATA_DIR] [--noise N] [--prefer]
 *                               [--prefer-project NAME]
 *
 * `--embeddings test`: hybrid search, with the tests' concept-lexicon embeddings server.
 * `--from DATA_DIR`: the transcripts are imported into a copy of a stopped service's data dir (e.g.
 * the 1M observations `bench/search` generates), so the questions are asked among its rows.
 * `--noise N`: N observations of a year's background history are generated first (noise.ts), from
 * the corpus text without the transcripts the questions are about, in projects no question names.
 * `--prefer`: each question is asked from its project (`prefer=`, its first one), as Claude asks
 * the MCP server started in that project's directory; without it, from nowhere, as in the popup.
 * `--prefer-project NAME`: every question is asked from NAME, right for its own questions and wrong
 * for the others (a person searching about one project while working in another).
 * `searchOnly` counts the hits of the top 5 alone, without the digest: what the popup shows.
 *
 * A hit: every answer key appears (case-insensitive, `<mark>` tags removed) in the top 5 results'
 * titles/snippets or in the question's project digest (`GET /api/context/inject`). No project
 * filter: a person asks the popup without one. Corpus questions are skipped, with a note, when
 * `../shared/corpus` is absent. Rules only: no API key, no LLM.
 */
import { getTokenizer } from '@anthropic-ai/tokenizer';
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { estimateTokens } from '../../electron/core/recall/tokens.js';
import { askAll } from './ask.js';
import { CORPUS_DIR, enableTestEmbeddings, FIXTURE_DIR, importTranscripts, startBench } from './harness.js';
import { addNoise } from './noise.js';
import { aggregate, loadQuestions, percentile } from './score.js';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'json-out': { type: 'string' },
    verbose: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '3' },
    embeddings: { type: 'string' },
    from: { type: 'string' },
    noise: { type: 'string' },
    prefer: { type: 'boolean', default: false },
    'prefer-project': { type: 'string' },
  },
});
if (values.embeddings !== undefined && values.embeddings !== 'test')
  throw new Error(`--embeddings must be test, got '${values.embeddings}'`);
if (values.prefer && values['prefer-project'] !== undefined)
  throw new Error('--prefer and --prefer-project exclude each other');
if (values.only !== undefined && values.only !== 'fixture' && values.only !== 'corpus')
  throw new Error(`--only must be fixture or corpus, got '${values.only}'`);
const notes: string[] = [];
const haveCorpus = existsSync(CORPUS_DIR);
if (!haveCorpus) notes.push(`corpus questions skipped: ${CORPUS_DIR} is absent`);
const sources = (['fixture', 'corpus'] as const).filter(
  (s) => (values.only === undefined || values.only === s) && (s !== 'corpus' || haveCorpus),
);
const questions = loadQuestions(join(process.cwd(), 'bench', 'recall', 'questions.json')).filter((q) =>
  (sources as readonly string[]).includes(q.source),
);
const paths = sources.map((s) => (s === 'fixture' ? FIXTURE_DIR : CORPUS_DIR));

const t0 = performance.now();
const bench = await startBench(values.from);
const noise = values.noise !== undefined ? addNoise(bench, Number(values.noise)) : null;
const count = (table: string): number =>
  bench.service.core.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const rowsBefore =
  values.from !== undefined
    ? {
        observations: count('observations'),
        sessions: count('sessions'),
        summaries: count('session_summaries'),
      }
    : null;
let embeddings: Awaited<ReturnType<typeof enableTestEmbeddings>> | null = null;
try {
  const imported = await importTranscripts(bench, paths);
  const importMs = Math.round(performance.now() - t0);
  if (values.embeddings === 'test') embeddings = await enableTestEmbeddings(bench);

  const askedFrom = (project: string): string | undefined =>
    values['prefer-project'] ?? (values.prefer ? project.split(',')[0] : undefined);
  const asked = await askAll(bench, questions, { repeat: Math.max(1, Number(values.repeat)), askedFrom });
  const { outcomes, searchOnly, perQuestion, latencies, digests } = asked;
  const misses = perQuestion
    .filter((o) => !o.hit)
    .map((o) => ({
      id: o.id,
      category: o.category,
      q: o.q,
      missing: o.missing,
      top: o.top.map((i) => i.title),
    }));
  const tokenizer = getTokenizer();
  const digestTokens = Object.fromEntries(
    [...digests].map(([p, text]) => [
      p,
      { tokens: tokenizer.encode(text.normalize('NFKC'), 'all').length, estimated: estimateTokens(text) },
    ]),
  );
  tokenizer.free();
  // The floor under those figures: the same HTTP round trip to an endpoint that does no work.
  const floor: number[] = [];
  for (let i = 0; i < latencies.length; i++) {
    const s = performance.now();
    await bench.get('/api/health');
    floor.push(performance.now() - s);
  }
  const agg = aggregate(outcomes);
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    notes.push('not a git checkout');
  }
  const round = (x: number): number => Math.round(x * 100) / 100;
  const result = {
    bench: 'recall',
    date: new Date().toISOString(),
    commit,
    questions: questions.length,
    sources,
    embeddings: embeddings ? 'test (concept lexicon, tests/helpers/embeddings-server.ts)' : 'none',
    ...(values.from !== undefined ? { from: values.from, rowsBefore } : {}),
    ...(noise ? { noise } : {}),
    askedFrom:
      values['prefer-project'] !== undefined
        ? `${values['prefer-project']} (prefer=, every question)`
        : values.prefer
          ? "each question's project (prefer=)"
          : 'no project',
    imported: {
      files: imported.filesDone,
      sessions: imported.sessions,
      prompts: imported.prompts,
      toolCalls: imported.toolCalls,
      skippedLines: imported.skippedLines,
      ms: importMs,
    },
    hitAt5: agg.overall,
    searchOnly: aggregate(searchOnly).overall,
    byCategory: agg.byCategory,
    bySource: agg.bySource,
    digestTokens,
    searchMs: {
      samples: latencies.length,
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      httpFloorP50: round(percentile(floor, 50)),
      loadAverage: round(loadavg()[0]!),
      note: 'client-side, HTTP over loopback, limit=5, no project filter; httpFloorP50 = GET /api/health',
    },
    notes,
    ...(values.verbose ? { misses } : {}),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  if (values['json-out'])
    writeFileSync(values['json-out'], `${JSON.stringify({ ...result, misses, perQuestion }, null, 2)}\n`);
} finally {
  await bench.close();
  await embeddings?.close();
}
