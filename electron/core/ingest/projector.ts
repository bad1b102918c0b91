/**
 * When journaled hook events become rows. The hook endpoint only stores the event (durable, then
 * 2xx); the projector derives the session, prompt, observation and job rows from the journal, in
 * order, in batches. Acknowledging hooks comes first, but never at the cost of a growing backlog:
 * - no hook in flight for `quietMs`, or a reader waiting (`settled`): full slices, back to back;
 * - hooks in flight and a backlog of `maxBacklog` events or one older than `maxLagMs`: paced
 *   slices, one per turn of the event loop (so every turn also reads requests and commits their
 *   acknowledgements), each sized to take about `4 ms + backlog / 200` (at most `maxSliceMs`) at
 *   the measured cost per event: the bigger the backlog, the bigger its share, so under a
 *   sustained flood acknowledging and projecting settle at the same rate instead of the backlog
 *   growing until projection takes every turn (which collapsed the acknowledged rate ~15×);
 * - otherwise the events wait (a short burst is acknowledged at full speed).
 * A paced slice also waits, once, until the hooks already committed are answered (`afterAnswers`):
 * run between a COMMIT and its answers it would add a whole slice to every one of them. Not when
 * the backlog passes 4 × `maxBacklog`: a slow disk's fsync would leave the event loop idle.
 * After each slice, a turn of its own merges the search index's segments, about `mergeMs` of work
 * (db/index-merge.ts: FTS5's automerge would do it inside a slice's COMMIT, 10–30 ms at once);
 * once the events are projected, further steps run until nothing is left, then it sleeps.
 */
import type { Journal } from './types.js';
import { classifyStorageError } from '../db/storage.js';
import type { Logger } from '../util/logger.js';

export interface ProjectorOptions {
  logger: Logger;
  /** Events per transaction (default 64). */
  sliceSize?: number;
  /** Project (paced) while hooks are in flight once this many events wait (default 256). */
  maxBacklog?: number;
  /** ...or once the oldest waiting event is this old (default 1 s). */
  maxLagMs?: number;
  /** The longest a paced slice may take (default 6 ms: a hook waits for at most one). */
  maxSliceMs?: number;
  /** Hooks count as idle after this long without one (default 20 ms); also the re-check interval. */
  quietMs?: number;
  /** About how long one step of the search index's segment merges takes (default 3 ms). */
  mergeMs?: number;
  /** Wall clock for the lag bound (default Date.now). */
  now?: () => number;
  /**
   * When hooks are committed but not yet answered: calls `resume` once they are and returns true;
   * otherwise returns false (GroupCommit.whenAnswered).
   */
  afterAnswers?: (resume: () => void) => boolean;
}

export class Projector {
  private inflight = 0;
  private backlog = 0;
  private oldestAt: number | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private timer: NodeJS.Timeout | null = null;
  private waiters: Array<() => void> = [];
  private retryMs = 0;
  private stopped = false;
  private readonly slice: number;
  private readonly maxBacklog: number;
  private readonly maxLagMs: number;
  private readonly quietMs: number;
  private lastHookAt = 0;
  private readonly now: () => number;
  private readonly maxSliceMs: number;
  /** Projecting while hooks are in flight, until the backlog is gone. */
  private paced = false;
  /** This slice already waited for the answers (it waits once: a flood always has some). */
  private waitedForAnswers = false;
  /** A slice ran since the last merge step: the next turn merges (when there is work). */
  private mergeTurn = false;
  private readonly mergeMs: number;

  constructor(
    private readonly ingest: Journal,
    private readonly opts: ProjectorOptions,
  ) {
    this.slice = opts.sliceSize ?? 64;
    this.maxBacklog = opts.maxBacklog ?? 256;
    this.maxLagMs = opts.maxLagMs ?? 1_000;
    this.maxSliceMs = opts.maxSliceMs ?? 6;
    this.quietMs = opts.quietMs ?? 20;
    this.mergeMs = opts.mergeMs ?? 3;
    this.now = opts.now ?? Date.now;
    ingest.whenJournaled(() => this.journaled());
    // Events journaled before a crash or restart: pick them up.
    if (ingest.hasJournaled()) {
      this.backlog = 1;
      this.oldestAt = this.now();
      this.kick();
    }
  }

  /**
   * Told how many hook requests are in flight whenever it changes (maintenance/traffic.ts: the
   * maintenance worker waits for them before it takes the write lock again).
   */
  onInflight?: (n: number) => void;

  /** A hook request started / finished (hooks in flight hold projection back). */
  begin(): void {
    this.inflight++;
    this.lastHookAt = this.now();
    this.onInflight?.(this.inflight);
  }

  end(): void {
    this.inflight = Math.max(0, this.inflight - 1);
    this.lastHookAt = this.now();
    this.onInflight?.(this.inflight);
    if (this.inflight === 0 && this.backlog > 0) this.later(this.quietMs);
  }

  /**
   * Resolves once every event journaled so far is projected (projecting at full pace meanwhile),
   * or at once when storage refuses the projection (locked, full): the reader gets what is there.
   */
  settled(): Promise<void> {
    if (this.backlog === 0 && !this.ingest.hasJournaled()) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.kick();
    });
  }

  /** Projects everything now, synchronously (shutdown, tests, in-process readers). */
  drain(): void {
    this.ingest.drainJournal();
    this.backlog = 0;
    this.oldestAt = null;
    this.release();
  }

  stop(): void {
    this.stopped = true;
    if (this.immediate) clearImmediate(this.immediate);
    if (this.timer) clearTimeout(this.timer);
    this.immediate = null;
    this.timer = null;
  }

  private journaled(): void {
    if (this.backlog === 0) this.oldestAt = this.now();
    this.backlog++;
    this.later(this.quietMs);
  }

  private kick(): void {
    if (this.stopped || this.immediate) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.immediate = setImmediate(() => this.tick());
  }

  private later(ms: number): void {
    if (this.stopped || this.timer || this.immediate) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tick();
    }, ms);
  }

  private tick(): void {
    this.immediate = null;
    if (this.stopped) return;
    const now = this.now();
    const full = (this.inflight === 0 && now - this.lastHookAt >= this.quietMs) || this.waiters.length > 0;
    this.paced ||=
      this.backlog >= this.maxBacklog || (this.oldestAt !== null && now - this.oldestAt >= this.maxLagMs);
    if (!full && !this.paced) return this.later(this.quietMs);
    // Not with a backlog of several bounds: then the disk's fsyncs are slow, and waiting for each
    // would leave the event loop idle through it while the backlog grows.
    if (!full && !this.waitedForAnswers && this.opts.afterAnswers && this.backlog < 4 * this.maxBacklog) {
      const resume = (): void => {
        this.waitedForAnswers = true;
        this.kick();
      };
      if (this.opts.afterAnswers(resume)) return;
    }
    this.waitedForAnswers = false;
    const sliceDue = this.backlog > 0 || this.waiters.length > 0;
    if (this.ingest.mergeDue && (this.mergeTurn || !sliceDue)) return this.merge(sliceDue);
    // A paced slice also stops at its budget, whatever its events cost (ingestor.projectJournal).
    const budget = full ? Infinity : this.pacedBudgetMs();
    const size = full ? this.slice : this.pacedSize(budget);
    let n: number;
    const t0 = performance.now();
    try {
      n = this.ingest.projectJournal(size, budget);
      this.retryMs = 0;
    } catch (err) {
      // Storage trouble (disk full, locked): keep the journal, try again with backoff.
      const s = classifyStorageError(err);
      this.opts.logger.warn('projecting hook events failed; will retry', {
        problem: s?.problem ?? 'unknown',
        err: err as Error,
      });
      this.retryMs = Math.min(5_000, Math.max(100, this.retryMs * 2));
      // Readers go ahead with what is there (reads work while another process holds the lock).
      this.release();
      return this.later(this.retryMs);
    }
    this.ingest.cost.sliceTook(n, performance.now() - t0);
    this.mergeTurn = true;
    this.backlog = Math.max(0, this.backlog - n);
    // Fewer than asked: the journal is empty, unless the slice stopped at its budget.
    if (n < size && !this.ingest.lastSliceCut) {
      this.backlog = 0;
      this.oldestAt = null;
      this.paced = false;
      this.release();
      if (this.ingest.mergeDue) this.kick();
      return;
    }
    if (this.backlog === 0) this.backlog = 1; // more may wait than we counted (e.g. after a restart)
    this.kick();
  }

  /**
   * One step of the index's segment merges (db/index-merge.ts), in its own turn between slices so
   * no hook's answer waits for a slice and a merge together; then on to what remains.
   */
  private merge(sliceDue: boolean): void {
    this.mergeTurn = false;
    try {
      this.ingest.mergeIndex(this.mergeMs);
    } catch (err) {
      // Costs search speed, never data: the index stays valid; the next slice's segments retry.
      const s = classifyStorageError(err);
      this.opts.logger.warn('merging the search index failed; will retry after new events', {
        problem: s?.problem ?? 'unknown',
        err: err as Error,
      });
    }
    if (sliceDue || this.ingest.mergeDue) this.kick();
  }

  /** One paced slice's work: about `4 ms + backlog / 200`, at most `maxSliceMs`. */
  private pacedBudgetMs(): number {
    return Math.min(this.maxSliceMs, 4 + this.backlog / 200);
  }

  /** Events for one paced slice of `budget` ms at the measured cost per event. */
  private pacedSize(budget: number): number {
    return this.ingest.cost.eventsWithin(budget, this.slice * 4);
  }

  private release(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}
