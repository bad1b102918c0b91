/** What the ingest benches post and measure: real corpus PostToolUse bodies, and a child's CPU time. */
import { readFileSync } from 'node:fs';
import { loadCorpusEvents } from '../../tests/helpers/corpus.js';

/** Corpus `PostToolUse` payloads, cycled: 50 calls per session, every tool_use_id unique. */
export function corpusPostBodies(): { bodyFor: (i: number) => string; avgBytes: number; count: number } {
  const bodies = loadCorpusEvents()
    .filter((e) => e.eventName === 'PostToolUse')
    .map((e) => e.payload);
  const bodyFor = (i: number): string => {
    const p = bodies[i % bodies.length]!;
    return JSON.stringify({
      ...p,
      session_id: `bench-${Math.floor(i / 50)}`,
      tool_use_id: `toolu_bench_${i}`,
    });
  };
  const avgBytes = Math.round(bodies.reduce((n, b) => n + JSON.stringify(b).length, 0) / bodies.length);
  return { bodyFor, avgBytes, count: bodies.length };
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. With
 * `mainThread`, only its main thread's (the event loop's; the thread whose id is the pid).
 */
export function cpuMs(pid: number | undefined, mainThread = false): number {
  try {
    const path = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    const f = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
