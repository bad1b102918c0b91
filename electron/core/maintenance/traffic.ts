/**
 * When the service last acknowledged a hook, shared with the maintenance worker (a
 * SharedArrayBuffer holding a millisecond epoch), so the worker can leave the write lock to the
 * service while hooks arrive: it waits for a quiet moment between its batches (bounded, so a run
 * still ends under constant traffic), takes smaller batches while traffic is recent, and runs the
 * WAL's TRUNCATE checkpoint (which holds writers back) only in a quiet moment.
 */
import { sleep } from './compact.js';

export interface Traffic {
  readonly buffer: SharedArrayBuffer;
  /** The service acknowledged a write at `at` (ms epoch). */
  mark(at: number): void;
}

export function createTraffic(): Traffic {
  const buffer = new SharedArrayBuffer(8);
  const cell = new BigInt64Array(buffer);
  return { buffer, mark: (at) => void Atomics.store(cell, 0, BigInt(Math.floor(at))) };
}

/** When the service last acknowledged a write (0: never, or no traffic buffer). */
export function lastTraffic(buffer: SharedArrayBuffer | undefined): number {
  return buffer ? Number(Atomics.load(new BigInt64Array(buffer), 0)) : 0;
}

/** Waits (sleeping in 5-ms steps) until no write for `quietMs`, at most `maxWaitMs`; returns ms waited. */
export function waitForQuiet(
  buffer: SharedArrayBuffer | undefined,
  quietMs: number,
  maxWaitMs: number,
  now: () => number = Date.now,
): number {
  if (!buffer) return 0;
  const t0 = now();
  let slept = false;
  while (now() - lastTraffic(buffer) < quietMs && now() - t0 < maxWaitMs) {
    sleep(5);
    slept = true;
  }
  return slept ? Math.max(1, now() - t0) : 0;
}
