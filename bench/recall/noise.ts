/**
 * Background history for the recall bench (`--noise N`): N observations over the past year,
 * generated with the search bench's generator (hook events with responses, one per commit, old
 * payloads compacted as retention leaves them) before the transcripts are imported, so every
 * question is asked among a heavy user's other work.
 *
 * The noise must not hold the answers: its text comes from the corpus without the transcripts the
 * questions are about (`CORPUS_DIR`), and its projects are ones no question names.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadCorpusText } from '../search/corpus-text.js';
import { generate } from '../search/generate.js';
import { CORPUS_DIR, type Bench } from './harness.js';

export const NOISE_PROJECTS = ['spcstr', 'attio-mcp-server', 'webshop', 'infra', 'memtray'];

export interface Noise {
  observations: number;
  projects: string[];
  corpusWithout: string;
  ms: number;
}

export function addNoise(bench: Bench, n: number): Noise {
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--noise must be a positive integer, got ${n}`);
  const corpus = join(CORPUS_DIR, '..');
  if (!existsSync(corpus)) throw new Error(`--noise needs ${corpus} (its text is what the noise is made of)`);
  const t0 = performance.now();
  const text = loadCorpusText(corpus, (f) => f.startsWith(`${CORPUS_DIR}/`));
  const { sqlite } = bench.service.core;
  sqlite.pragma('synchronous = NORMAL');
  generate(sqlite, text, {
    observations: n,
    projects: NOISE_PROJECTS,
    seed: 4242,
    perTx: 1,
    onProgress: (d) => process.stderr.write(`\rnoise ${d}/${n}`),
  });
  sqlite.pragma('synchronous = FULL');
  process.stderr.write('\n');
  return {
    observations: n,
    projects: NOISE_PROJECTS,
    corpusWithout: CORPUS_DIR,
    ms: Math.round(performance.now() - t0),
  };
}
