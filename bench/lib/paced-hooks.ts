/**
 * Benches against a real `memtray serve`: JSON POSTs over a keep-alive agent, and paced hook
 * clients (each posts a corpus PostToolUse, waits for its answer, then `intervalMs`) until told to
 * stop, with every latency.
 */
import { request, type Agent } from 'node:http';
import { percentile, round } from './load.js';

export type Post = (path: string, body: string) => Promise<{ status: number; text: string }>;

/** POSTs a JSON text to a service (over `agent` when given) and resolves with its status and body. */
export function poster(port: number, token: string, agent?: Agent): Post {
  return (path, body) =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          ...(agent ? { agent } : {}),
          host: '127.0.0.1',
          port,
          method: 'POST',
          path,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

export interface PacedHooks {
  post: Post;
  /** Corpus PostToolUse payloads, posted in turn with fresh session and tool ids. */
  posts: Array<Record<string, unknown>>;
  /** Prefix of the session and tool ids (unique per run). */
  idPrefix: string;
  intervalMs: number;
  clients?: number;
}

/** Paced hooks until `until()` says stop; returns every latency (ms) and how many were not 200. */
export async function pacedHooks(
  o: PacedHooks,
  until: () => boolean,
  seq: { n: number } = { n: 0 },
): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const client = async (): Promise<void> => {
    while (!until()) {
      const i = seq.n++;
      const body = JSON.stringify({
        ...o.posts[i % o.posts.length],
        session_id: `${o.idPrefix}-${Math.floor(i / 50)}`,
        tool_use_id: `toolu_${o.idPrefix}_${i}`,
      });
      const t0 = performance.now();
      const r = await o.post('/api/hooks/PostToolUse', body);
      latencies.push(performance.now() - t0);
      if (r.status !== 200) errors++;
      await new Promise((ok) => setTimeout(ok, o.intervalMs));
    }
  };
  await Promise.all(Array.from({ length: o.clients ?? 2 }, client));
  return { latencies, errors };
}

/** `POST /api/maintenance/run`, with `hooks` running until it answers. */
export async function hooksDuringMaintenance(
  post: Post,
  hooks: (until: () => boolean) => Promise<{ latencies: number[]; errors: number }>,
): Promise<{ latencies: number[]; errors: number; wallMs: number; text: string }> {
  let done = false;
  const t0 = performance.now();
  const run = post('/api/maintenance/run', '{}').then((x) => {
    done = true;
    return x;
  });
  const h = await hooks(() => done);
  const res = await run;
  return { ...h, wallMs: performance.now() - t0, text: res.text };
}

/** Hook latencies summed up: count, p50, p99, the longest, and how many took over 100 ms. */
export function latencyStats(l: number[]) {
  const s = [...l].sort((a, b) => a - b);
  return {
    hooks: s.length,
    p50Ms: round(percentile(s, 50), 2),
    p99Ms: round(percentile(s, 99), 2),
    maxMs: round(s[s.length - 1] ?? 0, 1),
    over100Ms: s.filter((x) => x > 100).length,
  };
}
