/**
 * Gives memory back after a burst of work. V8 grows its heaps during a flood of hooks (its young
 * generation most of all) and, in a process that then sits idle, never runs the garbage collection
 * that would shrink them: on Node 20 after 30,000 events and 40 s idle, anonymous memory stays at
 * 57 MiB; one full collection brings it to 26.5 MiB (the whole service from 129.5 to 98.9 MiB).
 * Node offers no call for it without `--expose-gc` on its command line, which neither `memtray serve`
 * nor Electron's main process can be given by the user's launcher, so the flag is set at run time and
 * the function taken from a fresh context (the documented effect of `v8.setFlagsFromString` on
 * contexts made after it). One full collection costs tens of milliseconds of main-thread time with a
 * heap of this size: callers run it once after work has stopped, never on a timer.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('typeof gc === "function" ? gc : null') as (() => void) | null;
    collect = gc;
  } catch {
    collect = null;
  }
  return collect;
}

/** V8's default (`node --v8-options`). */
const DEFAULT_GROWTH = '--semi-space-growth-factor=2';

/** Whether the user chose a growth factor on Node's command line (then it is theirs). */
const growthSetByUser = (): boolean => process.execArgv.some((a) => a.includes('semi-space-growth-factor'));

/**
 * Ends start-up's hold on V8's young generation. V8 grows the young generation when a scavenge
 * finds most of it still alive, and start-up is exactly that: nearly everything it allocates
 * (modules, schemas, prepared statements, the core's objects) lives on. So the young generation grows
 * to 8 MiB per semi-space and stays resident until V8's memory reducer runs ~8 s later (8-9 MiB of
 * the 83 MiB `memtray serve` would hold 2 s after start). `bin/memtray.mjs` sets
 * `--semi-space-growth-factor=1` before it loads the bundle for `serve`; once the service listens,
 * this gives V8 its default back, so everything after start-up runs with it (a flood of hooks grows the
 * young generation to 32 MiB either way, measured). A factor set on Node's command line is left alone.
 */
export function releaseYoungGeneration(): void {
  if (!growthSetByUser()) setFlagsFromString(DEFAULT_GROWTH);
}

/** One full garbage collection; false where the runtime offers none. */
export function releaseHeap(): boolean {
  const gc = collector();
  if (!gc) return false;
  gc();
  return true;
}
