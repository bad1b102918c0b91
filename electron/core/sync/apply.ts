/**
 * Records → rows: the merge behind `memtray import --archive` and the sync reader. Idempotent and
 * order-free, so applying a record twice, or records in any order, ends in the same rows:
 * - identity is the stable id (Claude Code's session id, (session, prompt number), the
 *   observation uid, one summary per session), never a timestamp or a title;
 * - each session has one author, its origin machine: a record may write a session's rows only
 *   when it speaks for that machine (a segment for the machine whose folder it is in; an archive
 *   for each session's origin, never for this machine unless it is this machine's archive).
 *   Anything else that would change a row is refused and counted (`refused`);
 * - a row already here is replaced only by a copy with a newer `updatedAt` (a newer local edit
 *   wins); session fields only move forward (prompt count, status);
 * - a deletion leaves a tombstone, and nothing it names is added again by its author; a peer's
 *   deletions go through deletions.ts (trash, hold);
 * - a child that arrives before its session creates a stub the session record fills in later;
 * - a project capture toggle is applied when it is the latest by (time, machine id).
 * The caller runs it inside a transaction, then `settle()`s the deletions once its pass is done.
 */
import type Database from 'better-sqlite3';
import type {
  HoldDecision,
  ImportReport,
  ObservationRecord,
  ProjectRecord,
  SessionRecord,
  SummaryRecord,
  SyncRecord,
  TombstoneRecord,
} from '../../shared/contract/sync.js';
import { prepareMerge } from '../ingest/merge-sql.js';
import type { JobQueue } from '../jobs/queue.js';
import type { ProjectStore } from '../projects/store.js';
import { Deletions } from './deletions.js';
import type { SessionSqlRow } from './rows.js';

export function emptyReport(): ImportReport {
  return {
    added: { sessions: 0, prompts: 0, observations: 0, summaries: 0, tombstones: 0 },
    updated: 0,
    skipped: 0,
    deleted: 0,
    invalid: 0,
    refused: 0,
  };
}

const EXPIRE_EVERY_MS = 60_000;
const RANK = { initialized: 0, active: 1, completed: 2 } as const;
export interface ApplyContext {
  /** The machine that wrote the record (a peer's folder, or the archive's header). */
  author: string;
  report: ImportReport;
  /** An archive: it may carry other machines' sessions, each speaking for its session's origin. */
  relay?: boolean;
}

/** The owners the merge writes through: the job queue (jobs) and the project store (projects). */
export interface ApplyOwners {
  jobs: JobQueue;
  projects: ProjectStore;
}

/** Whether toggle (at, by) comes after (at2, by2): later in time, ties to the larger machine id. */
const later = (at: number, by: string, at2: number, by2: string): boolean =>
  at > at2 || (at === at2 && by > by2);

export class Applier {
  private readonly st: ReturnType<typeof prepareMerge>;
  readonly deletions: Deletions;
  /** In an archive: the machine each session's records speak for, from its session record. */
  private readonly speakers = new Map<string, string>();
  private expiredAt = -Infinity;

  constructor(
    db: Database.Database,
    /** This machine's id: a record that originated here is stored without origin. */
    private readonly machine: string,
    private readonly owners: ApplyOwners,
    /** Whether project capture toggles from peers are applied (`sync.projectSettings`). */
    private readonly projectSettings: () => boolean = () => false,
    private readonly clock: () => number = Date.now,
  ) {
    this.st = prepareMerge(db);
    this.deletions = new Deletions(db, machine, owners.jobs, clock);
  }

  /** The machine that authored a session here (its origin; this one when it has none). */
  private owner(s: SessionSqlRow): string {
    return s.origin ?? this.machine;
  }

  /** The machine a record about session `uid` speaks for. */
  private speaker(uid: string, ctx: ApplyContext): string {
    return (ctx.relay ? this.speakers.get(uid) : undefined) ?? ctx.author;
  }

  /** A record for a row its writer did not author: skipped when it changes nothing, else refused. */
  private notTheirs(ctx: ApplyContext, unchanged: boolean): void {
    if (unchanged) ctx.report.skipped++;
    else ctx.report.refused++;
  }

  apply(rec: SyncRecord, ctx: ApplyContext): void {
    switch (rec.k) {
      case 'session':
        return this.sessionRecord(rec, ctx);
      case 'prompt': {
        const s = this.sessionFor(rec.session, rec.project, rec.createdAt, ctx);
        if (!s) return void ctx.report.skipped++;
        if (this.owner(s) !== this.speaker(rec.session, ctx))
          return this.notTheirs(ctx, this.st.hasPrompt.get(s.id, rec.number) !== undefined);
        const stored = this.st.prompts.insert({
          sessionId: s.id,
          promptNumber: rec.number,
          prompt: rec.prompt,
          sourceUuid: rec.sourceUuid,
          createdAt: rec.createdAt,
        });
        if (stored) ctx.report.added.prompts++;
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
        return this.toggle(rec, ctx);
    }
  }

  /**
   * A session record: a segment carries only its own machine's sessions; an archive's speak for
   * their origin, except this machine's own, which only this machine's archive speaks for.
   */
  private sessionRecord(rec: SessionRecord, ctx: ApplyContext): void {
    const claimed = rec.origin ?? ctx.author;
    if (!ctx.relay) {
      if (claimed !== ctx.author) return void ctx.report.refused++;
      return this.session(rec, ctx.author, ctx);
    }
    const by = claimed === this.machine && ctx.author !== this.machine ? ctx.author : claimed;
    this.speakers.set(rec.uid, by);
    this.session(rec, by, ctx);
  }

  /** The local session a child belongs to; a stub when it has not arrived yet; null when deleted. */
  private sessionFor(uid: string, project: string, at: number, ctx: ApplyContext): SessionSqlRow | null {
    const by = this.speaker(uid, ctx);
    if (this.deletions.dead('session', uid, by)) return null;
    const s = this.st.session.get(uid);
    if (s) return s;
    const stub: SessionRecord = {
      k: 'session',
      uid,
      origin: by,
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
    };
    this.session(stub, by, ctx);
    return this.st.session.get(uid) ?? null;
  }

  /** Adds or merges a session written by `by`. */
  private session(rec: SessionRecord, by: string, ctx: ApplyContext): void {
    if (this.deletions.dead('session', rec.uid, by)) return void ctx.report.skipped++;
    const cur = this.st.session.get(rec.uid);
    if (!cur) {
      this.owners.projects.touch(rec.project, rec.cwd, rec.startedAt);
      this.st.sessions.insertMerged({ ...rec, origin: by === this.machine ? null : by });
      ctx.report.added.sessions++;
      return;
    }
    const next = merged(cur, rec);
    const was = current(cur);
    const changed = (Object.keys(next) as Array<keyof typeof next>).some((k) => next[k] !== was[k]);
    if (!changed || this.owner(cur) !== by) return this.notTheirs(ctx, !changed);
    this.owners.projects.touch(rec.project, rec.cwd, rec.startedAt);
    this.st.sessions.updateMerged(cur.id, next);
    ctx.report.updated++;
  }

  private observation(rec: ObservationRecord, ctx: ApplyContext): void {
    const by = this.speaker(rec.session, ctx);
    if (this.deletions.dead('observation', rec.uid, by)) return void ctx.report.skipped++;
    const held = this.st.obsByUid.get(rec.uid);
    const heldIn = held && this.st.sessionById.get(held.session_id);
    if (heldIn && this.owner(heldIn) !== by) return this.notTheirs(ctx, rec.updatedAt <= held.updated_at);
    const s = this.sessionFor(rec.session, rec.project, rec.createdAt, ctx);
    if (!s) return void ctx.report.skipped++;
    // A memory does not move to another session.
    if (held && held.session_id !== s.id) return void ctx.report.refused++;
    const cur = held ?? (rec.toolUseId !== null ? this.st.obsByTool.get(s.id, rec.toolUseId) : undefined);
    if (this.owner(s) !== by)
      return this.notTheirs(ctx, cur !== undefined && rec.updatedAt <= cur.updated_at);
    const row = { ...rec, sessionId: s.id };
    if (!cur) {
      this.st.obs.insertMerged(row);
      ctx.report.added.observations++;
    } else if (rec.updatedAt > cur.updated_at) {
      this.st.obs.updateMerged(cur.id, row);
      ctx.report.updated++;
    } else {
      if (cur.uid === null) this.st.obs.adoptUid(cur.id, rec.uid);
      ctx.report.skipped++;
    }
  }

  private summary(rec: SummaryRecord, ctx: ApplyContext): void {
    const s = this.sessionFor(rec.session, rec.project, rec.createdAt, ctx);
    if (!s) return void ctx.report.skipped++;
    const cur = this.st.summary.get(s.id);
    if (cur && rec.updatedAt <= cur.updated_at) return void ctx.report.skipped++;
    if (this.owner(s) !== this.speaker(rec.session, ctx)) return void ctx.report.refused++;
    this.st.summaries.upsert({ ...rec, sessionId: s.id });
    if (cur) ctx.report.updated++;
    else ctx.report.added.summaries++;
  }

  /**
   * A peer's deletion: of a row it authored, pending until `settle`; of a row never seen here,
   * kept (bounded) so the row is not added later; of anyone else's row, refused. Deletions made
   * here are already here: one in this machine's own archive is skipped.
   */
  private tombstone(rec: TombstoneRecord, ctx: ApplyContext): void {
    const by = ctx.author;
    if (by === this.machine) return void ctx.report.skipped++;
    const s = rec.kind === 'session' ? this.st.session.get(rec.uid) : this.sessionOfObservation(rec.uid);
    if (!s) {
      if (this.deletions.unseen(rec, by)) ctx.report.added.tombstones++;
      else ctx.report.skipped++;
      return;
    }
    if (this.owner(s) !== by) return void ctx.report.refused++;
    if (this.deletions.pending(rec, by)) ctx.report.added.tombstones++;
    else ctx.report.skipped++;
  }

  private sessionOfObservation(uid: string): SessionSqlRow | undefined {
    const o = this.st.obsByUid.get(uid);
    return o && this.st.sessionById.get(o.session_id);
  }

  /** A peer's capture toggle: applied when it is later than the one stored; never written again. */
  private toggle(rec: ProjectRecord, ctx: ApplyContext): void {
    if (!this.projectSettings() || ctx.author === this.machine) return void ctx.report.skipped++;
    const cur = this.owners.projects.captureToggle(rec.name);
    if (cur && cur.at !== null && !later(rec.at, ctx.author, cur.at, cur.by ?? this.machine))
      return void ctx.report.skipped++;
    this.owners.projects.applyCapture(rec.name, rec.captureEnabled, rec.at, ctx.author);
    ctx.report.updated++;
  }

  /** Settles the deletions applied since the last call; expires old trash and tombstones (once a minute). */
  settle(): void {
    this.deletions.settle();
    if (this.clock() - this.expiredAt < EXPIRE_EVERY_MS) return;
    this.expiredAt = this.clock();
    this.deletions.expire();
  }

  decide(peer: string, decision: HoldDecision): boolean {
    return this.deletions.decide(peer, decision);
  }

  /** Restores a trashed item: its records applied again as its author's. */
  restore(id: number): boolean {
    return this.deletions.restore(id, (records, author) => {
      const ctx = { author, report: emptyReport() };
      for (const r of records) this.apply(r, ctx);
    });
  }
}

/** A session row's mergeable fields, as `SessionsRepo.updateMerged` takes them. */
function current(cur: SessionSqlRow) {
  return {
    id: cur.id,
    project: cur.project,
    cwd: cur.cwd,
    firstPrompt: cur.first_prompt,
    promptCounter: cur.prompt_counter,
    status: cur.status,
    completionReason: cur.completion_reason,
    startedAt: cur.started_at,
    updatedAt: cur.updated_at,
    completedAt: cur.completed_at,
  };
}

/** A session merged with a copy of it: fields only move forward; a stub takes the copy's. */
function merged(cur: SessionSqlRow, rec: SessionRecord): ReturnType<typeof current> {
  const stub = cur.updated_at === 0 && rec.updatedAt > 0;
  const newer = rec.updatedAt > cur.updated_at;
  return {
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
}
