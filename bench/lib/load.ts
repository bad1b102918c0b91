/** A small keep-alive HTTP load generator for loopback benchmarks (bounded in count and time). */
import { Agent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const round = (n: number, d = 3): number => Math.round(n * 10 ** d) / 10 ** d;

/** The lowest, middle (upper middle for an even count) and highest of repeated measurements. */
export function spread(xs: number[]): { min: number; median: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[s.length >> 1]!, max: s[s.length - 1]! };
}

/**
 * Sends POSTs from `bodies` (cycled) with `concurrency` connections until `maxRequests` or
 * `maxSeconds`, whichever first. Returns throughput and latency percentiles.
 */
export async function runLoad(opts: {
  port: number;
  path: string;
  headers: Record<string, string>;
  bodies: (i: number) => string;
  concurrency: number;
  maxRequests: number;
  maxSeconds: number;
  /** Called as each response ends: when (ms since the load started), its latency, and whether it was a 2xx. */
  onResponse?: (atMs: number, latencyMs: number, ok: boolean) => void;
}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  const start = performance.now();
  const deadline = start + opts.maxSeconds * 1000;
  const one = (i: number): Promise<void> =>
    new Promise((resolve) => {
      const body = opts.bodies(i);
      const t0 = performance.now();
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port: opts.port,
          method: 'POST',
          path: opts.path,
          headers: {
            ...opts.headers,
            host: `127.0.0.1:${opts.port}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const end = performance.now();
            latencies.push(end - t0);
            const ok = (res.statusCode ?? 0) < 300;
            if (!ok) errors++;
            opts.onResponse?.(end - start, end - t0, ok);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const worker = async (): Promise<void> => {
    while (sent < opts.maxRequests && performance.now() < deadline) {
      const i = sent++;
      await one(i);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: round(seconds),
    perSecond: round(latencies.length / seconds, 1),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
  };
}
