/**
 * When journaled hook events become rows. The hook endpoint only stores the event (durable, then
 * 2xx); the projector derives the session, prompt, observation and job rows from the journal, in
 * order, in batches. Acknowledging hooks comes first: slices run when no hook request is in
 * flight, when a reader is waiting for them (`settled`), or once the backlog passes `maxBacklog`
 * events or `maxLagMs` — so under a flood the journal absorbs the burst and the rows follow.
 */
import type { Ingestor } from './ingestor.js';
import { classifyStorageError } from '../db/storage.js';
import type { Logger } from '../util/logger.js';

export interface ProjectorOptions {
  logger: Logger;
  /** Events per transaction (default 64). */
  sliceSize?: number;
  /** Project even while hooks are in flight once this many events wait (default 50,000). */
  maxBacklog?: number;
  /** ...or once the oldest waiting event is this old (default 30 s). */
  maxLagMs?: number;
  /** Hooks count as idle after this long without one (default 20 ms); also the re-check interval. */
  quietMs?: number;
  /** Wall clock for the lag bound (default Date.now). */
  now?: () => number;
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

  constructor(
    private readonly ingest: Ingestor,
    private readonly opts: ProjectorOptions,
  ) {
    this.slice = opts.sliceSize ?? 64;
    this.maxBacklog = opts.maxBacklog ?? 50_000;
    this.maxLagMs = opts.maxLagMs ?? 30_000;
    this.quietMs = opts.quietMs ?? 20;
    this.now = opts.now ?? Date.now;
    ingest.onJournaled = () => this.journaled();
    // Events journaled before a crash or restart: pick them up.
    if (ingest.hasJournaled()) {
      this.backlog = 1;
      this.oldestAt = this.now();
      this.kick();
    }
  }

  /** A hook request started / finished (hooks in flight hold projection back). */
  begin(): void {
    this.inflight++;
    this.lastHookAt = this.now();
  }

  end(): void {
    this.inflight = Math.max(0, this.inflight - 1);
    this.lastHookAt = this.now();
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
    const urgent =
      (this.inflight === 0 && now - this.lastHookAt >= this.quietMs) ||
      this.waiters.length > 0 ||
      this.backlog >= this.maxBacklog ||
      (this.oldestAt !== null && now - this.oldestAt >= this.maxLagMs);
    if (!urgent) return this.later(this.quietMs);
    let n: number;
    try {
      n = this.ingest.projectJournal(this.slice);
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
    this.backlog = Math.max(0, this.backlog - n);
    if (n < this.slice) {
      this.backlog = 0;
      this.oldestAt = null;
      this.release();
      return;
    }
    if (this.backlog === 0) this.backlog = 1; // more may wait than we counted (e.g. after a restart)
    this.kick();
  }

  private release(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}
