/**
 * The recall bench's plumbing: a real service over a fresh data dir, transcripts imported with the
 * code `memtray import` runs (`runImport`), then questions asked over loopback HTTP with the token,
 * exactly as the popup and the MCP server ask: `GET /api/search?q=…&limit=5` and
 * `GET /api/context/inject?project=…`.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createImportRun, runImport, type ImportProgress } from '../../electron/core/capture/importer.js';
import type { Service } from '../../electron/core/service.js';
import type { Clock } from '../../electron/core/util/clock.js';
import { embeddingsStatusSchema } from '../../electron/shared/contract/embeddings.js';
import { startEmbeddingsServer, type EmbeddingsServer } from '../../tests/helpers/embeddings-server.js';
import { startOn } from '../search/states.js';
import type { ShownItem } from './score.js';

const statSize = (f: string): number => statSync(f).size;

export const FIXTURE_DIR = join(process.cwd(), 'tests', 'fixtures', 'transcripts');
export const CORPUS_DIR = join(process.cwd(), '..', 'shared', 'corpus', 'marot__spotter');

/**
 * The instant the questions are asked at: search ranks newer memories a little higher, measured
 * from now, so on the system's clock a figure would move as days pass with nothing changed. The
 * bench's clock starts here and runs at the real rate (a run lasts seconds: nothing moves within
 * it). The day the blind sets were written, after every session the bench imports.
 */
export const BENCH_NOW = Date.parse('2026-11-28T00:00:00Z');

/** A clock that reads BENCH_NOW when it is made and runs at the real rate from there. */
export function benchClock(): Clock {
  const started = Date.now();
  return () => BENCH_NOW + (Date.now() - started);
}

export interface Bench {
  service: Service;
  dataDir: string;
  get(path: string): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

/**
 * Starts the real service (every feature wired in, as `memtray serve` runs it), rules only, on a
 * fresh data dir at BENCH_NOW, or on a copy of `from` (a stopped service's data dir, e.g. one
 * `bench/search` generated: the questions are then asked among its rows, on the system's clock,
 * which dated them).
 */
export async function startBench(from?: string): Promise<Bench> {
  delete process.env.ANTHROPIC_API_KEY;
  const dataDir = mkdtempSync(join(tmpdir(), 'memtray-recall-'));
  if (from !== undefined) {
    if (existsSync(join(from, 'memtray.db-wal')) && statSize(join(from, 'memtray.db-wal')) > 0)
      throw new Error(`--from ${from}: its WAL is not empty (stop its service first)`);
    for (const f of ['memtray.db', 'token', 'machine-id'])
      if (existsSync(join(from, f))) copyFileSync(join(from, f), join(dataDir, f));
  }
  // A copied data dir's rows are dated by the clock that generated them: the system's.
  const service = await startOn(dataDir, from === undefined ? benchClock() : undefined);
  const token = service.core.token;
  const get = (path: string): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: service.port,
          path,
          headers: { host: `127.0.0.1:${service.port}`, authorization: `Bearer ${token}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${path}`)));
      req.on('error', reject);
      req.end();
    });
  return {
    service,
    dataDir,
    get,
    close: async () => {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Imports transcripts as `memtray import PATH…` does, then waits for the projector and the queue;
 * `bench`: anything holding a running service (a bench, or a test's service).
 */
export async function importTranscripts(
  bench: Pick<Bench, 'service'>,
  paths: string[],
): Promise<ImportProgress> {
  const core = bench.service.core;
  const p = await runImport(core, createImportRun(core, paths.join(', ')), { paths });
  await core.projector.settled();
  const end = Date.now() + 60_000;
  for (;;) {
    const q = core.jobs.counts();
    if (q.pending + q.leased === 0 || Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await core.projector.settled();
  return p;
}

/**
 * Switches semantic search on with the tests' concept-lexicon embeddings server (a stand-in for a
 * real model: deterministic, small, meaningful for a few dozen developer concepts) and waits until
 * every memory is embedded.
 */
export async function enableTestEmbeddings(bench: Bench): Promise<EmbeddingsServer> {
  const server = await startEmbeddingsServer();
  const core = bench.service.core;
  const changed = core.settings.update({
    embeddings: { kind: 'openai-compatible', baseUrl: server.url, model: 'lexicon-a' },
  });
  core.bus.emit('settings', { changed });
  for (;;) {
    const r = await bench.get('/api/health/embeddings');
    const s = embeddingsStatusSchema.parse(JSON.parse(r.text));
    if (s.state === 'ready') break;
    if (s.state === 'error' || s.state === 'unavailable') throw new Error(`embeddings: ${s.lastError}`);
    await new Promise((res) => setTimeout(res, 100));
  }
  return server;
}

/** `prefer`: the project the question is asked from, as the MCP server passes its cwd's. */
export async function search(bench: Bench, q: string, limit = 5, prefer?: string): Promise<ShownItem[]> {
  const from = prefer !== undefined ? `&prefer=${encodeURIComponent(prefer)}` : '';
  const r = await bench.get(`/api/search?q=${encodeURIComponent(q)}&limit=${limit}${from}`);
  if (r.status !== 200) throw new Error(`search '${q}': HTTP ${r.status} ${r.text.slice(0, 200)}`);
  return (JSON.parse(r.text) as { items: ShownItem[] }).items;
}

export async function digest(bench: Bench, project: string): Promise<string> {
  const r = await bench.get(`/api/context/inject?project=${encodeURIComponent(project)}`);
  if (r.status !== 200) throw new Error(`digest '${project}': HTTP ${r.status}`);
  return r.text;
}
