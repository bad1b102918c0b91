/**
 * The queue worker. Event-driven: it wakes on `job-enqueued` (after the enqueueing transaction
 * committed), on a retry, and on a timer set only for the next `run_after` or lease expiry; when
 * nothing is due it sleeps. Up to `provider.concurrency` batches run at once.
 */
import { classifyApiError } from './anthropic.js';
import { safeErrorText } from './provider.js';
import type { CompressContext } from './context.js';
import { processObserveBatch } from './observe.js';
import { backoffMs, type JobRow } from '../jobs/queue.js';
import { setObservationStatus } from '../ingest/results.js';
import { jsonOrText } from '../util/json-text.js';
import { processSummary } from './summary.js';
import { episodeJobSchema, runEpisodeJob } from '../memories/session.js';

export interface WorkerOptions {
  /** How long a lease lasts; a crashed worker's jobs run again after it (default 5 min). */
  leaseMs?: number;
}

export class QueueWorker {
  private active = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private stopped = false;
  private pumping = false;
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private queueEmitPending = false;
  private readonly leaseMs: number;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly ctx: Omit<CompressContext, 'signal'>,
    opts: WorkerOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 5 * 60_000;
  }

  private get c(): CompressContext {
    return { ...this.ctx, signal: this.abort.signal };
  }

  start(): void {
    this.ctx.queue.reclaimOrphanedLeases();
    this.unsubscribe = this.ctx.bus.on('job-enqueued', () => {
      this.emitQueue();
      this.pump();
    });
    this.pump();
  }

  /** Announces queue counts on the bus, at most once per tick. */
  emitQueue(): void {
    if (this.queueEmitPending) return;
    this.queueEmitPending = true;
    setImmediate(() => {
      this.queueEmitPending = false;
      if (this.stopped) return;
      const { pending, leased, done, failed } = this.ctx.queue.counts();
      this.ctx.bus.emit('queue', { pending, leased, done, failed });
    });
  }

  /** Leases and starts jobs while there is capacity; then arms a timer for the next due job. */
  pump(): void {
    if (this.stopped || this.pumping) return;
    this.pumping = true;
    try {
      const p = this.ctx.settings.get().provider;
      const concurrency =
        this.ctx.settings.providerKind() === 'claude-code' ? p.claudeConcurrency : p.concurrency;
      // A rate or usage limit pauses the provider: only jobs that call no model run; wake when it ends.
      const pausedUntil = this.ctx.status.pausedUntil();
      if (pausedUntil !== null) this.armAt(pausedUntil);
      while (this.active < concurrency) {
        const job = this.ctx.queue.leaseNext(this.leaseMs, { llm: pausedUntil === null });
        if (!job) break;
        let batch: JobRow[] = [job];
        if (job.kind === 'observe') {
          const size = this.ctx.settings.get().provider.batchSize;
          batch = batch.concat(this.ctx.queue.leaseSameSession(job.subjectId, size - 1, this.leaseMs));
        }
        this.run(batch);
      }
      this.emitQueue();
      this.arm();
    } finally {
      this.pumping = false;
    }
  }

  private arm(): void {
    const at = this.ctx.queue.nextWakeAt();
    if (at !== null) this.armAt(at);
  }

  private armAt(at: number): void {
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.pump();
      },
      Math.max(0, at - this.ctx.clock()) + 5,
    );
    this.timer.unref();
  }

  private run(batch: JobRow[]): void {
    this.active += 1;
    const p = this.process(batch)
      .catch((err: unknown) =>
        this.ctx.logger.error('queue job crashed', {
          error: safeErrorText((err as Error)?.message ?? String(err), this.ctx.redact),
        }),
      )
      .finally(() => {
        this.active -= 1;
        this.inFlight.delete(p);
        this.pump();
      });
    this.inFlight.add(p);
  }

  private async process(batch: JobRow[]): Promise<void> {
    const first = batch[0]!;
    try {
      if (first.kind === 'observe') this.called(await processObserveBatch(this.c, batch));
      else if (first.kind === 'summarize') this.called(await processSummary(this.c, first));
      else if (first.kind === 'episode') this.episode(first);
      else this.ctx.queue.fail(first, `unknown job kind '${first.kind}'`, { maxAttempts: 1, fatal: true });
    } catch (err) {
      if (this.stopped) {
        // Aborted by stop(): give the leases back so the jobs run at the next start.
        for (const j of batch) this.ctx.queue.release(j.id);
        return;
      }
      this.ctx.onCallError?.(err);
      const f = classifyApiError(err, this.ctx.clock());
      const error = safeErrorText(f.message, this.ctx.redact);
      const maxAttempts = this.ctx.settings.get().provider.maxAttempts;
      this.ctx.logger.warn('compression call failed', { kind: first.kind, jobs: batch.length, error });
      if (f.kind === 'retryable' && f.rateLimited) {
        this.ctx.status.failed(error, {
          rateLimited: true,
          waitMs: f.retryAfterMs ?? backoffMs(first.attempts),
        });
      } else this.ctx.status.failed(error, { rateLimited: false, waitMs: null });
      for (const j of batch) {
        const status = this.ctx.queue.fail(j, error, {
          maxAttempts,
          retryAfterMs: f.kind === 'retryable' ? f.retryAfterMs : null,
          fatal: f.kind === 'fatal',
        });
        if (status === 'failed' && j.kind === 'observe') {
          // The raw observation (with its rule-based fields) stays stored and searchable.
          setObservationStatus(this.ctx.db, j.subjectId, 'failed', this.ctx.clock());
        }
      }
    }
  }

  /** A model answered (a fallback without a call says nothing about the provider). */
  private called(r: { fallback: string | null }): void {
    if (r.fallback === null || r.fallback === 'invalid-output') this.ctx.status.ok();
  }

  /** A turn ended: build its episode (and refresh the session's bugfixes) from the stored rows. */
  private episode(job: JobRow): void {
    const p = episodeJobSchema.safeParse(jsonOrText(job.payload));
    this.ctx.db.transaction(() => {
      if (p.success) runEpisodeJob(this.ctx.db, job.subjectId, p.data, this.ctx.clock());
      this.ctx.queue.complete(job.id);
    })();
  }

  /** Stops taking work, aborts calls in flight and gives their leases back. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Resolves when nothing is leased or due right now (tests, benchmarks). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.inFlight.size === 0) {
        this.pump();
        if (this.inFlight.size === 0) return;
      }
      await Promise.race([...this.inFlight]);
    }
  }
}
