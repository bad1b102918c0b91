/**
 * Hook traffic, shared with the maintenance worker (a SharedArrayBuffer: when the service last
 * acknowledged a hook, a millisecond epoch, and how many hook requests are in flight), so the worker
 * can leave the write lock to the service while hooks arrive: it waits for a quiet moment between
 * its batches (bounded, so a run still ends under constant traffic), takes smaller batches while
 * traffic is recent, and runs the WAL's TRUNCATE checkpoint (which holds writers back) only in a
 * quiet moment.
 *
 * The in-flight count matters because a hook that waits for the worker's write lock has not been
 * acknowledged yet: judged by acknowledgements alone, the moment looks quiet, the worker takes the
 * lock again, and the hook (whose busy handler sleeps between retries) can miss one window after
 * another: at 1M observations with ~36 hooks/s during an index merge, judging by acknowledgements
 * alone let one hook wait 1,026 ms, and 25 over 100 ms.
 */
import { sleep } from './compact.js';

interface Traffic {
  readonly buffer: SharedArrayBuffer;
  /** The service acknowledged a write at `at` (ms epoch). */
  mark(at: number): void;
  /** This many hook requests are in flight now. */
  inflight(n: number): void;
}

/** Bytes 0–7: the last acknowledged write (ms epoch); 8–11: hook requests in flight. */
const SIZE = 16;

export function createTraffic(): Traffic {
  const buffer = new SharedArrayBuffer(SIZE);
  const cell = new BigInt64Array(buffer, 0, 1);
  const flying = new Int32Array(buffer, 8, 1);
  return {
    buffer,
    mark: (at) => void Atomics.store(cell, 0, BigInt(Math.floor(at))),
    inflight: (n) => void Atomics.store(flying, 0, n),
  };
}

/** When the service last acknowledged a write (0: never, or no traffic buffer). */
export function lastTraffic(buffer: SharedArrayBuffer | undefined): number {
  return buffer ? Number(Atomics.load(new BigInt64Array(buffer, 0, 1), 0)) : 0;
}

/** How many hook requests are in flight (0 without a traffic buffer). */
export function hooksInFlight(buffer: SharedArrayBuffer | undefined): number {
  return buffer ? Atomics.load(new Int32Array(buffer, 8, 1), 0) : 0;
}

/**
 * Waits (sleeping in 5-ms steps) until no write for `quietMs` and no hook in flight, at most
 * `maxWaitMs`; returns ms waited.
 */
export function waitForQuiet(
  buffer: SharedArrayBuffer | undefined,
  quietMs: number,
  maxWaitMs: number,
  now: () => number = Date.now,
): number {
  if (!buffer) return 0;
  const t0 = now();
  let slept = false;
  while ((now() - lastTraffic(buffer) < quietMs || hooksInFlight(buffer) > 0) && now() - t0 < maxWaitMs) {
    sleep(5);
    slept = true;
  }
  return slept ? Math.max(1, now() - t0) : 0;
}
