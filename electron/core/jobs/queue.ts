/**
 * The durable job queue, and the one writer of the `jobs` table: ingest enqueues through it (in its
 * own transaction), the compression worker leases and settles, deletions cancel. A job is leased (`status='leased'`,
 * `lease_until`), then completed or failed; a lease that expires (crash, kill -9) makes the job
 * ready again. Failures back off exponentially with jitter (or honour `retry-after`); after
 * `maxAttempts` leases the job is `failed` until retried.
 */
import type Database from 'better-sqlite3';
import type { ActiveJob, FailedJob, QueueCounts } from '../../shared/contract/queue.js';
import type { Bus } from '../util/bus.js';
import type { Clock } from '../util/clock.js';

export interface JobRow {
  id: number;
  kind: string;
  subjectId: number;
  payload: string | null;
  attempts: number;
}

/** A job to queue. */
export interface NewJob {
  kind: string;
  /** What it works on: the observation (`observe`) or the session (`summarize`, `episode`). */
  subjectId: number;
  /** The idempotency key: the same key again re-arms the job instead of queueing another. */
  key: string;
  payload?: string | null;
  /** When it is queued (it is ready at once). */
  at: number;
}

const READY = `((status = 'pending' AND run_after <= @now) OR (status = 'leased' AND lease_until <= @now))`;
const COLS = 'id, kind, subject_id AS subjectId, payload, attempts';

export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(5 * 60_000, 2_000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base / 2 + random() * (base / 2)); // "equal jitter": [base/2, base]
}

/** Notifications to fire after the enclosing COMMIT (the ingestor's list), or at once. */
export type AfterCommit = Array<() => void>;

export class JobQueue {
  private readonly enqueueStmt: Database.Statement<
    [{ kind: string; subjectId: number; key: string; payload: string | null; at: number }],
    { id: number }
  >;
  private readonly idByKey: Database.Statement<[string], { id: number }>;

  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock,
    private readonly bus?: Bus,
    private readonly random: () => number = Math.random,
  ) {
    this.enqueueStmt = db.prepare(
      `INSERT INTO jobs (kind, subject_id, payload, idempotency_key, run_after, created_at, updated_at)
       VALUES (@kind, @subjectId, @payload, @key, @at, @at, @at)
       ON CONFLICT (idempotency_key) DO UPDATE SET payload = excluded.payload, status = 'pending', attempts = 0,
         run_after = excluded.run_after, updated_at = excluded.updated_at, last_error = NULL
       WHERE status != 'leased' RETURNING id`,
    );
    this.idByKey = db.prepare('SELECT id FROM jobs WHERE idempotency_key = ?');
  }

  /**
   * Queues a job (in the caller's transaction, if any); a repeated idempotency key re-arms a job
   * that is not running. `job-enqueued` goes out after the caller's COMMIT when `after` is given.
   */
  enqueue(job: NewJob, after?: AfterCommit): number {
    const { kind, key } = job;
    const row = this.enqueueStmt.get({
      kind,
      subjectId: job.subjectId,
      key,
      payload: job.payload ?? null,
      at: job.at,
    });
    const id = (row ?? this.idByKey.get(key)!).id;
    const notify = (): void => this.bus?.emit('job-enqueued', { kind });
    if (after) after.push(notify);
    else notify();
    return id;
  }

  /** Drops every job of a session being deleted (its session jobs and its observations' jobs). */
  cancelForSession(sessionId: number): void {
    this.db
      .prepare(`DELETE FROM jobs WHERE kind IN ('summarize', 'episode') AND subject_id = ?`)
      .run(sessionId);
    this.db
      .prepare(
        `DELETE FROM jobs WHERE kind = 'observe' AND subject_id IN (SELECT id FROM observations WHERE session_id = ?)`,
      )
      .run(sessionId);
  }

  /** Drops the job of one observation being deleted (a memory deleted here or on a synced machine). */
  cancelForObservation(observationId: number): void {
    this.db.prepare(`DELETE FROM jobs WHERE kind = 'observe' AND subject_id = ?`).run(observationId);
  }

  /** An observation that needs no extraction any more (the user wrote it): its pending job is done. */
  settleObserve(observationId: number): void {
    this.db
      .prepare(
        `UPDATE jobs SET status = 'done', updated_at = ? WHERE kind = 'observe' AND subject_id = ? AND status = 'pending'`,
      )
      .run(this.clock(), observationId);
  }

  /**
   * Leases the oldest ready job: observe jobs first, then summaries whose session has no ready
   * observe job. `llm: false` (the provider is waiting out a rate limit) leases only the jobs that
   * call no model (episodes).
   */
  leaseNext(leaseMs: number, opts: { llm?: boolean } = {}): JobRow | null {
    const now = this.clock();
    const llm = opts.llm ?? true;
    const tx = this.db.transaction(() => {
      const row =
        (llm
          ? (this.db
              .prepare(`SELECT ${COLS} FROM jobs WHERE kind = 'observe' AND ${READY} ORDER BY id LIMIT 1`)
              .get({ now }) as JobRow | undefined)
          : undefined) ??
        (this.db
          .prepare(
            `SELECT ${COLS} FROM jobs j WHERE kind != 'observe' ${llm ? '' : "AND kind != 'summarize'"} AND ${READY} AND NOT EXISTS (
               SELECT 1 FROM jobs o JOIN observations ob ON ob.id = o.subject_id
               WHERE o.kind = 'observe' AND ob.session_id = j.subject_id
                 AND (o.status = 'leased' OR (o.status = 'pending' AND o.run_after <= @now)))
             ORDER BY id LIMIT 1`,
          )
          .get({ now }) as JobRow | undefined);
      if (!row) return null;
      this.markLeased([row.id], now, leaseMs);
      return { ...row, attempts: row.attempts + 1 };
    });
    return tx.immediate(); // waits for another writer (see GroupCommit)
  }

  /** More ready observe jobs for observations of the same session as `observationId` (batching). */
  leaseSameSession(observationId: number, limit: number, leaseMs: number): JobRow[] {
    if (limit <= 0) return [];
    const now = this.clock();
    const tx = this.db.transaction(() => {
      const rows = this.db
        .prepare(
          `SELECT j.id, j.kind, j.subject_id AS subjectId, j.payload, j.attempts FROM jobs j
           JOIN observations o ON o.id = j.subject_id
           WHERE j.kind = 'observe' AND ${READY.replace(/status|run_after|lease_until/g, 'j.$&')}
             AND o.session_id = (SELECT session_id FROM observations WHERE id = @obs)
           ORDER BY j.id LIMIT @limit`,
        )
        .all({ now, obs: observationId, limit }) as JobRow[];
      this.markLeased(
        rows.map((r) => r.id),
        now,
        leaseMs,
      );
      return rows.map((r) => ({ ...r, attempts: r.attempts + 1 }));
    });
    return tx.immediate(); // waits for another writer (see GroupCommit)
  }

  private markLeased(ids: number[], now: number, leaseMs: number): void {
    const stmt = this.db.prepare(
      `UPDATE jobs SET status = 'leased', lease_until = @until, attempts = attempts + 1, updated_at = @now WHERE id = @id`,
    );
    for (const id of ids) stmt.run({ id, until: now + leaseMs, now });
  }

  /** Marks a leased job done (a no-op for a job that was re-armed or retried meanwhile). */
  complete(id: number): void {
    this.db
      .prepare(
        `UPDATE jobs SET status = 'done', lease_until = NULL, last_error = NULL, updated_at = ? WHERE id = ? AND status = 'leased'`,
      )
      .run(this.clock(), id);
  }

  /**
   * Records a failure: back to `pending` after a backoff (at least `retryAfterMs`), or `failed`
   * once `attempts` reached `maxAttempts` or when `fatal`. Returns the new status.
   */
  fail(
    job: Pick<JobRow, 'id' | 'attempts'>,
    error: string,
    opts: { maxAttempts: number; retryAfterMs?: number | null; fatal?: boolean },
  ): 'pending' | 'failed' {
    const now = this.clock();
    const final = opts.fatal === true || job.attempts >= opts.maxAttempts;
    const delay = Math.max(backoffMs(job.attempts, this.random), opts.retryAfterMs ?? 0);
    this.db
      .prepare(
        `UPDATE jobs SET status = @status, lease_until = NULL, last_error = @error, run_after = @runAfter, updated_at = @now
         WHERE id = @id AND status = 'leased'`,
      )
      .run({
        id: job.id,
        status: final ? 'failed' : 'pending',
        error: error.slice(0, 1000),
        runAfter: now + delay,
        now,
      });
    return final ? 'failed' : 'pending';
  }

  /**
   * At service start, every lease belongs to a process that is gone (one service per data dir:
   * `serve` refuses a second, the app attaches): make those jobs ready now instead of waiting for
   * their leases to expire. The interrupted attempt still counts. Returns how many were reclaimed.
   */
  reclaimOrphanedLeases(): number {
    const now = this.clock();
    return this.db
      .prepare(`UPDATE jobs SET lease_until = ?, updated_at = ? WHERE status = 'leased' AND lease_until > ?`)
      .run(now, now, now).changes;
  }

  /** Gives a leased job back untouched (graceful stop): the attempt does not count. */
  release(id: number): void {
    this.db
      .prepare(
        `UPDATE jobs SET status = 'pending', lease_until = NULL, attempts = max(0, attempts - 1), updated_at = ? WHERE id = ? AND status = 'leased'`,
      )
      .run(this.clock(), id);
  }

  /** `failed` → `pending` (all, or the given ids). Returns the retried jobs. */
  retry(ids?: number[]): Array<{ id: number; kind: string; subjectId: number }> {
    const now = this.clock();
    const tx = this.db.transaction(() => {
      const all = this.db
        .prepare(`SELECT id, kind, subject_id AS subjectId FROM jobs WHERE status = 'failed' ORDER BY id`)
        .all() as Array<{ id: number; kind: string; subjectId: number }>;
      const wanted = ids ? new Set(ids) : null;
      const chosen = wanted ? all.filter((j) => wanted.has(j.id)) : all;
      const stmt = this.db.prepare(
        `UPDATE jobs SET status = 'pending', attempts = 0, run_after = @now, last_error = NULL, updated_at = @now WHERE id = @id`,
      );
      for (const j of chosen) stmt.run({ id: j.id, now });
      return chosen;
    });
    return tx.immediate(); // waits for another writer (see GroupCommit)
  }

  counts(): QueueCounts {
    const now = this.clock();
    const out: QueueCounts = { pending: 0, leased: 0, done: 0, failed: 0, oldestPendingAgeMs: null };
    const rows = this.db.prepare(`SELECT status, count(*) AS n FROM jobs GROUP BY status`).all() as Array<{
      status: keyof Omit<QueueCounts, 'oldestPendingAgeMs'>;
      n: number;
    }>;
    for (const r of rows) out[r.status] = r.n;
    const oldest = this.db
      .prepare(`SELECT min(created_at) AS t FROM jobs WHERE status IN ('pending', 'leased')`)
      .get() as { t: number | null };
    out.oldestPendingAgeMs = oldest.t === null ? null : Math.max(0, now - oldest.t);
    return out;
  }

  /**
   * The jobs being worked on right now (leased), oldest first, each with what it is about: the
   * observation's title (or tool) for `observe`, the session's first prompt for session jobs.
   */
  activeJobs(limit = 10): ActiveJob[] {
    return this.db
      .prepare(
        `SELECT j.id, j.kind, j.subject_id AS subjectId, j.attempts,
           CASE WHEN j.kind = 'observe'
             THEN (SELECT coalesce(o.title, o.tool_name) FROM observations o WHERE o.id = j.subject_id)
             ELSE (SELECT coalesce(s.first_prompt, s.project) FROM sessions s WHERE s.id = j.subject_id)
           END AS label
         FROM jobs j WHERE j.status = 'leased' ORDER BY j.id LIMIT ?`,
      )
      .all(limit)
      .map((r) => {
        const row = r as ActiveJob;
        return { ...row, label: row.label == null ? null : row.label.replace(/\s+/g, ' ').slice(0, 120) };
      });
  }

  failedJobs(limit = 100): FailedJob[] {
    return this.db
      .prepare(
        `SELECT id, kind, subject_id AS subjectId, attempts, last_error AS lastError, updated_at AS updatedAt
         FROM jobs WHERE status = 'failed' ORDER BY id DESC LIMIT ?`,
      )
      .all(limit) as FailedJob[];
  }

  /** When the next not-yet-ready job becomes ready (a future `run_after` or a lease expiry). */
  nextWakeAt(): number | null {
    const r = this.db
      .prepare(
        `SELECT min(t) AS t FROM (
           SELECT min(run_after) AS t FROM jobs WHERE status = 'pending' AND run_after > @now
           UNION ALL SELECT min(lease_until) FROM jobs WHERE status = 'leased' AND lease_until > @now)`,
      )
      .get({ now: this.clock() }) as { t: number | null };
    return r.t;
  }
}
