/**
 * Times the search bench's queries against one engine: each query once (the figure reported) and
 * twice more (the median of three damps the noise of a shared machine), with CPU time per query,
 * by category, and the slowest ten.
 */
import type { SearchEngine } from '../../electron/core/recall/search.js';

export interface BenchQuery {
  cat: string;
  q: string;
  project: string | undefined;
}

export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};
export const stats = (xs: number[]) => ({
  n: xs.length,
  p50: pct(xs, 50),
  p95: pct(xs, 95),
  max: pct(xs, 100),
});

/**
 * The questions of the mix as the popup searches them while they are typed: it waits for a pause
 * (debounced), so once after each word, each prefix in turn. The searches of one question share
 * its earlier words, as a user's do.
 */
export function timeTyping(engine: SearchEngine, queries: BenchQuery[]) {
  const times: number[] = [];
  for (const q of queries.filter((x) => x.cat === 'question')) {
    const words = q.q.split(' ');
    for (let n = 1; n <= words.length; n++) {
      const t0 = performance.now();
      engine.search({ q: words.slice(0, n).join(' '), project: q.project, limit: 20 });
      times.push(performance.now() - t0);
    }
  }
  return stats(times);
}

export function timeQueries(engine: SearchEngine, queries: BenchQuery[]) {
  for (const q of queries.slice(0, 20)) engine.search({ q: q.q, limit: 20 }); // warm up
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const byCat: Record<string, number[]> = {};
  const slowest: Array<BenchQuery & { ms: number; cpuMs: number }> = [];
  const medianOf3: number[] = [];
  for (const q of queries) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    engine.search({ q: q.q, project: q.project, limit: 20 });
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const cpuMs = (c.user + c.system) / 1000;
    const again = [ms];
    for (let i = 0; i < 2; i++) {
      const t1 = performance.now();
      engine.search({ q: q.q, project: q.project, limit: 20 });
      again.push(performance.now() - t1);
    }
    medianOf3.push(again.sort((a, b) => a - b)[1]!);
    times.push(ms);
    cpuTimes.push(cpuMs);
    (byCat[q.cat] ??= []).push(ms);
    slowest.push({ ...q, ms: Math.round(ms * 10) / 10, cpuMs: Math.round(cpuMs * 10) / 10 });
  }
  slowest.sort((a, b) => b.ms - a.ms).splice(10);
  return {
    search: { ...stats(times), targetP50: 5, targetP95: 25 },
    searchCpuMs: stats(cpuTimes),
    searchMedianOf3Ms: stats(medianOf3),
    searchByCategory: Object.fromEntries(Object.entries(byCat).map(([k, v]) => [k, stats(v)])),
    slowestQueries: slowest,
  };
}
