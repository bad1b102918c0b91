/**
 * Records → rows: the merge behind `memtray import --archive` and the sync reader. Idempotent and
 * order-free, so applying a record twice, or records in any order, ends in the same rows:
 * - identity is the stable id (Claude Code's session id, (session, prompt number), the
 *   observation uid, one summary per session), never a timestamp or a title;
 * - a row already here is replaced only by a copy with a newer `updatedAt` (a newer local edit
 *   wins); session fields only move forward (prompt count, status);
 * - a deletion leaves a tombstone, and nothing it names is added again;
 * - a child that arrives before its session creates a stub the session record fills in later.
 * The caller runs it inside a transaction.
 */
import type Database from 'better-sqlite3';
import type {
  ImportReport,
  ObservationRecord,
  SessionRecord,
  SummaryRecord,
  SyncRecord,
  TombstoneRecord,
} from '../../shared/contract/sync.js';
import { prepareForget } from '../ingest/forget.js';
import { prepareForgetObservation, prepareMerge } from '../ingest/merge-sql.js';
import type { JobQueue } from '../jobs/queue.js';
import type { ProjectStore } from '../projects/store.js';
import type { SessionRow } from './rows.js';

export function emptyReport(): ImportReport {
  return {
    added: { sessions: 0, prompts: 0, observations: 0, summaries: 0, tombstones: 0 },
    updated: 0,
    skipped: 0,
    deleted: 0,
    invalid: 0,
  };
}

const RANK = { initialized: 0, active: 1, completed: 2 } as const;
export interface ApplyContext {
  /** The machine that wrote the record (a peer's folder, or the archive's header). */
  author: string;
  report: ImportReport;
}

/** The owners the merge writes through: the job queue (jobs) and the project store (projects). */
export interface ApplyOwners {
  jobs: JobQueue;
  projects: ProjectStore;
}

export class Applier {
  private readonly st: ReturnType<typeof prepareMerge>;
  private readonly tomb;
  private readonly forget;
  private readonly forgetObservation;

  constructor(
    db: Database.Database,
    /** This machine's id: a record that originated here is stored without origin. */
    private readonly machine: string,
    private readonly owners: ApplyOwners,
    /** Whether project capture toggles from peers are applied (`sync.projectSettings`). */
    private readonly projectSettings: () => boolean = () => false,
  ) {
    this.st = prepareMerge(db);
    this.forget = prepareForget(db, owners.jobs);
    this.forgetObservation = prepareForgetObservation(db, owners.jobs);
    // sync_tombstones is this area's own table.
    this.tomb = {
      has: db.prepare<[string, string], { n: number }>(
        'SELECT 1 AS n FROM sync_tombstones WHERE kind = ? AND uid = ?',
      ),
      add: db.prepare<[string, string, string | null, number]>(
        'INSERT OR IGNORE INTO sync_tombstones (kind, uid, author, deleted_at) VALUES (?, ?, ?, ?)',
      ),
    };
  }

  private dead(kind: string, uid: string): boolean {
    return this.tomb.has.get(kind, uid) !== undefined;
  }

  private origin(o: string | null, author: string): string | null {
    const m = o ?? author;
    return m === this.machine ? null : m;
  }

  apply(rec: SyncRecord, ctx: ApplyContext): void {
    switch (rec.k) {
      case 'session':
        return this.session(rec, ctx);
      case 'prompt': {
        const s = this.sessionFor(rec.session, rec.project, rec.createdAt, ctx);
        if (!s) return void ctx.report.skipped++;
        const r = this.st.insertPrompt.run(s.id, rec.number, rec.prompt, rec.sourceUuid, rec.createdAt);
        if (r.changes > 0) ctx.report.added.prompts++;
        else ctx.report.skipped++;
        return;
      }
      case 'observation':
        return this.observation(rec, ctx);
      case 'summary':
        return this.summary(rec, ctx);
      case 'tombstone':
        return this.tombstone(rec, ctx);
      case 'project':
        // Only a change is applied: the store says so on the bus, and an echo would go back out.
        if (!this.projectSettings() || this.owners.projects.captureEnabled(rec.name) === rec.captureEnabled)
          return void ctx.report.skipped++;
        this.owners.projects.setCapture(rec.name, rec.captureEnabled, rec.at);
        ctx.report.updated++;
        return;
    }
  }

  /** The local session a child belongs to; a stub when it has not arrived yet; null when deleted. */
  private sessionFor(uid: string, project: string, at: number, ctx: ApplyContext): SessionRow | null {
    if (this.dead('session', uid)) return null;
    const s = this.st.session.get(uid);
    if (s) return s;
    this.session(
      {
        k: 'session',
        uid,
        origin: null,
        project,
        cwd: null,
        firstPrompt: null,
        promptCounter: 0,
        status: 'initialized',
        completionReason: null,
        startedAt: at,
        // 0: the session record itself, whenever it comes, is newer than the stub.
        updatedAt: 0,
        completedAt: null,
      },
      ctx,
    );
    return this.st.session.get(uid) ?? null;
  }

  private session(rec: SessionRecord, ctx: ApplyContext): void {
    if (this.dead('session', rec.uid)) return void ctx.report.skipped++;
    const cur = this.st.session.get(rec.uid);
    this.owners.projects.touch(rec.project, rec.cwd, rec.startedAt);
    if (!cur) {
      this.st.insertSession.get({ ...rec, origin: this.origin(rec.origin, ctx.author) });
      ctx.report.added.sessions++;
      return;
    }
    const stub = cur.updated_at === 0 && rec.updatedAt > 0;
    const newer = rec.updatedAt > cur.updated_at;
    const next = {
      id: cur.id,
      project: stub ? rec.project : cur.project,
      cwd: cur.cwd ?? rec.cwd,
      firstPrompt: cur.first_prompt ?? rec.firstPrompt,
      promptCounter: Math.max(cur.prompt_counter, rec.promptCounter),
      status: RANK[rec.status] > RANK[cur.status] ? rec.status : cur.status,
      completionReason: newer
        ? (rec.completionReason ?? cur.completion_reason)
        : (cur.completion_reason ?? rec.completionReason),
      startedAt: stub ? rec.startedAt : Math.min(cur.started_at, rec.startedAt),
      updatedAt: Math.max(cur.updated_at, rec.updatedAt),
      completedAt: cur.completed_at ?? rec.completedAt,
    };
    const changed =
      next.project !== cur.project ||
      next.cwd !== cur.cwd ||
      next.firstPrompt !== cur.first_prompt ||
      next.promptCounter !== cur.prompt_counter ||
      next.status !== cur.status ||
      next.completionReason !== cur.completion_reason ||
      next.startedAt !== cur.started_at ||
      next.updatedAt !== cur.updated_at ||
      next.completedAt !== cur.completed_at;
    if (!changed) return void ctx.report.skipped++;
    this.st.updateSession.run(next);
    ctx.report.updated++;
  }

  private observation(rec: ObservationRecord, ctx: ApplyContext): void {
    if (this.dead('observation', rec.uid)) return void ctx.report.skipped++;
    const s = this.sessionFor(rec.session, rec.project, rec.createdAt, ctx);
    if (!s) return void ctx.report.skipped++;
    const cur =
      this.st.obsByUid.get(rec.uid) ??
      (rec.toolUseId !== null ? this.st.obsByTool.get(s.id, rec.toolUseId) : undefined);
    const row = { ...rec, sessionId: s.id, failed: rec.failed ? 1 : 0 };
    if (!cur) {
      this.st.insertObs.run(row);
      ctx.report.added.observations++;
    } else if (rec.updatedAt > cur.updated_at) {
      this.st.updateObs.run({ ...row, id: cur.id });
      ctx.report.updated++;
    } else {
      if (cur.uid === null) this.st.setObsUid.run({ uid: rec.uid, id: cur.id });
      ctx.report.skipped++;
    }
  }

  private summary(rec: SummaryRecord, ctx: ApplyContext): void {
    const s = this.sessionFor(rec.session, rec.project, rec.createdAt, ctx);
    if (!s) return void ctx.report.skipped++;
    const cur = this.st.summary.get(s.id);
    if (cur && rec.updatedAt <= cur.updated_at) return void ctx.report.skipped++;
    this.st.upsertSummary.run({ ...rec, sessionId: s.id });
    if (cur) ctx.report.updated++;
    else ctx.report.added.summaries++;
  }

  private tombstone(rec: TombstoneRecord, ctx: ApplyContext): void {
    // Recorded first with its author, so the delete triggers do not send it out again as ours.
    const author = this.origin(null, ctx.author);
    const fresh = this.tomb.add.run(rec.kind, rec.uid, author, rec.at).changes > 0;
    if (fresh) ctx.report.added.tombstones++;
    if (rec.kind === 'session') {
      const s = this.st.session.get(rec.uid);
      if (!s) return void (fresh || ctx.report.skipped++);
      this.forget.session(s.id);
    } else {
      const o = this.st.obsByUid.get(rec.uid);
      if (!o) return void (fresh || ctx.report.skipped++);
      this.forgetObservation(o.id);
    }
    ctx.report.deleted++;
  }
}
