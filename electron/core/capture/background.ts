/**
 * The capture plugin's background work: one item at a time, in order, skipped once stopped; the
 * spool import coalesced while one runs; transcript reconciliation debounced per session.
 */
import type { Logger } from '../util/logger.js';

/** Background work that runs one item at a time, after what is queued. */
export class WorkQueue {
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly log: Logger) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Queues `fn`; a failure is logged as `capture: <what> failed`. Once stopped, queued work is skipped. */
  enqueue(what: string, fn: () => Promise<unknown>): Promise<unknown> {
    this.chain = this.chain
      .then(() => (this.stopped ? null : fn()))
      .catch((err: unknown) => this.log.warn(`capture: ${what} failed`, { err: err as Error }));
    return this.chain;
  }

  /** Takes no more work: what is queued is skipped. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Waits for the item in progress, at most `capMs`. Every read is bounded and checks the stop
   * between chunks, so this is short; the cap is a safety net so that no work item can hold
   * shutdown hostage.
   */
  async drain(capMs: number): Promise<void> {
    let cap: NodeJS.Timeout | undefined;
    const capped = new Promise<'cap'>((r) => (cap = setTimeout(() => r('cap'), capMs)));
    const how = await Promise.race([
      this.chain.then(
        () => 'done' as const,
        () => 'done' as const,
      ),
      capped,
    ]);
    clearTimeout(cap);
    if (how === 'cap') this.log.warn('capture: background work still running at stop; not waited for');
  }
}

/**
 * Runs a job at most once at a time: a request while it runs runs it once more afterwards. A request
 * that is not forced runs only when `wanted()` says so (checked again before a rerun).
 */
export class CoalescedRun {
  private busy = false;
  /** Requested while a run was in progress: run again after it. */
  private again = false;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly wanted: () => boolean,
  ) {}

  request(force = false): void {
    if (this.busy) {
      this.again = true;
      return;
    }
    if (!force && !this.wanted()) return;
    this.busy = true;
    void this.run().finally(() => {
      this.busy = false;
      if (this.again) {
        this.again = false;
        this.request();
      }
    });
  }
}

/** One timer per key: scheduling a key again restarts its delay. */
export class Debouncer {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly delayMs: number) {}

  schedule(key: string, fn: () => void): void {
    const prev = this.timers.get(key);
    if (prev) clearTimeout(prev);
    const t = setTimeout(() => {
      this.timers.delete(key);
      fn();
    }, this.delayMs);
    this.timers.set(key, t);
  }

  cancelAll(): void {
    for (const t of this.timers.values()) clearTimeout(t);
  }
}
