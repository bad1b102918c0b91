import { AutoMemoryWrites } from './auto-memory.js';
import { withDeferredIndex } from '../db/identifiers.js';
import { IndexMerger } from '../db/index-merge.js';
import { classifyStorageError } from '../db/storage.js';
import { withoutCommitFsync } from '../db/wal-sync.js';
import { captureGate, internalRunGate, toolGate } from './gate.js';
import { prepareGapFill, type GapFill } from './gap-fill.js';
import type { HookPayload } from './payloads.js';
import { RowWriter } from './row-writer.js';
import { ClaudeMemIngest } from './claude-mem-api.js';
import { prepareIngestStatements, type IngestStatements, type UnprojectedEvent } from './statements.js';
import { ProjectionCost } from './projection-cost.js';
import { cleanHookPayload } from './tool-payload.js';
import { IngestTx, type Emit } from './tx.js';
import type { HookResult, IngestDeps, IngestOptions, Journal, PreparedHook } from './types.js';
import { UserWrites } from './user-writes.js';
import { wellFormedDeep } from './well-formed.js';

export type * from './types.js';

/**
 * At most this many handed-over payloads wait for the projector (a parsed corpus tool call takes
 * ~7 KB of heap); events journaled beyond it are read back from the journal when projected.
 */
const HANDED_MAX = 1024;

/** A hook event on its way into the journal (`Ingestor.acceptHook`). */
interface ArrivingHook {
  eventName: string;
  payload: HookPayload;
  /** Cleans and serializes the payload; called only once every gate has passed. */
  serialize: () => string;
  opts: IngestOptions;
  /** The clock when the event arrived; the event's time is `opts.at` when given, else this. */
  now: number;
  /** 1: the caller derives the rows in the same transaction; 0: the projector derives them later. */
  projected: 0 | 1;
}

/**
 * Turns hook events into rows, and owns the tables they fill (sessions, prompts, observations,
 * events): the claude-mem-compatible session API (`claudeMem`) and what a user writes or deletes (`user`) go through
 * it too. Every public method runs in one SQLite transaction: when it returns, the event, its
 * domain rows and any queued job are committed; bus notifications go out only after the commit.
 */
export class Ingestor implements Journal {
  private readonly q: IngestStatements;
  private readonly w: RowWriter;
  private readonly tx: IngestTx;
  /** The claude-mem-compatible session API (also the tool calls of user writes and reconciliation). */
  readonly claudeMem: ClaudeMemIngest;
  /** Memories a user saves, sessions and projects a user deletes. */
  readonly user: UserWrites;
  /** Claude Code's auto-memory notes (capture/auto-memory/ reads the files). */
  readonly autoMemory: AutoMemoryWrites;
  /** Transcript reconciliation's writes (in its transaction). */
  readonly gapFill: GapFill;

  /** Whether the connection fsyncs every commit (`synchronous = FULL`, the service's default). */
  private readonly fullSync: boolean;
  private readonly merger: IndexMerger;
  /**
   * Journaled events' cleaned payloads, by event id, added once their COMMIT is done (committed ids
   * are never reused: AUTOINCREMENT): the projector takes them from here instead of reading each
   * event back and parsing it again. Bounded; what is not here is read from the journal.
   */
  private readonly handed = new Map<number, { payload: HookPayload; project: string | undefined }>();
  /** The last slice stopped at its budget with events left in it (`lastSliceCut`). */
  private cut = false;
  /** What projection costs, measured (shared with the projector through `Journal`). */
  readonly cost = new ProjectionCost();

  constructor(private readonly d: IngestDeps) {
    this.fullSync = d.sqlite.pragma('synchronous', { simple: true }) === 2;
    this.q = prepareIngestStatements(d.sqlite);
    this.w = new RowWriter(this.q, d);
    this.tx = new IngestTx(d.sqlite, d.groupCommit);
    this.claudeMem = new ClaudeMemIngest(d, this.q, this.w, this.tx, () => this.drainJournal());
    this.user = new UserWrites(d, this.claudeMem, this.tx, (t) => this.cleanText(t));
    this.autoMemory = new AutoMemoryWrites(d, this.claudeMem, this.tx, (t) => this.cleanText(t));
    this.gapFill = prepareGapFill(d.sqlite, (t) => this.cleanText(t));
    this.merger = new IndexMerger(d.sqlite);
  }

  private run<T>(fn: (emit: Emit) => T, opts: { flat?: boolean } = {}): T {
    return this.tx.run(fn, opts);
  }

  /** Strip private tags, then redact secrets, in every string of a parsed JSON value (in place). */
  clean<T>(value: T, onChange?: () => void): T {
    return this.w.clean(value, onChange);
  }

  cleanText(text: string): string {
    return this.clean(text);
  }

  /**
   * The whole hook path in one transaction: the event and the rows it implies. Used by spool import,
   * transcript reconciliation and in-process callers; the HTTP endpoint journals instead
   * (`journalHook`) and leaves the rest to the projector.
   */
  handleHook(eventName: string, payload: HookPayload, opts: IngestOptions = {}): HookResult {
    wellFormedDeep(payload);
    const now = this.d.clock();
    const at = opts.at ?? now;
    const serialize = (): string => {
      cleanHookPayload(eventName, payload, (v, changed) => this.clean(v, changed));
      return JSON.stringify(payload);
    };
    return this.run((emit): HookResult => {
      this.drainJournal();
      const accepted = this.acceptHook({ eventName, payload, serialize, opts, now, projected: 1 }, emit);
      if (!accepted.stored || accepted.eventId === undefined) return accepted;
      const { newProject, ...result } = accepted;
      return { ...result, ...this.w.projectHook(eventName, payload, at, emit, newProject), stored: true };
    });
  }

  /**
   * The hook endpoint's fast path: gate, then store the event alone, marked unprojected. `prepared`
   * is the payload already validated, stripped, redacted and serialized (server/hook-prep.ts). When
   * the shared COMMIT is done the event is durable and the caller may answer 2xx; the projector
   * derives its rows (session, prompt, observation, jobs) right after, in order, from the journal.
   */
  journalHook(eventName: string, prepared: PreparedHook, opts: IngestOptions = {}): HookResult {
    const now = this.d.clock();
    const { json, payload } = prepared;
    // At most one write (the event, or the skip counter): atomic on its own, so inside a group
    // commit it needs no savepoint of its own.
    return this.run(
      (emit) => {
        const { newProject, ...r } = this.acceptHook(
          { eventName, payload, serialize: () => json, opts, now, projected: 0 },
          emit,
        );
        if (r.stored) {
          const { eventId } = r;
          emit.push(() => {
            if (eventId !== undefined && this.handed.size < HANDED_MAX)
              this.handed.set(eventId, { payload, project: newProject });
            this.journaledCue?.();
          });
        }
        return r;
      },
      { flat: true },
    );
  }

  private journaledCue: (() => void) | undefined;

  /** `cue` runs after each journaled event's COMMIT (the projector's, `Journal`). */
  whenJournaled(cue: () => void): void {
    this.journaledCue = cue;
  }

  /** Whether any journaled event still waits for projection. */
  hasJournaled(): boolean {
    return this.q.hasUnprojected();
  }

  /**
   * Projects up to `limit` journaled events, oldest first, in one transaction; returns how many it
   * took. With `budgetMs`, the slice stops taking events once its rows and their share of the
   * search index would take longer (it takes at least one): events differ in cost by orders of
   * magnitude (a 40 KB tool response against a one-line prompt), so a count alone overshoots.
   * An event whose projection throws (a bug, not storage) is marked failed (projected = 2)
   * and logged, so one bad payload cannot wedge the journal. Storage errors propagate: retry later.
   */
  projectJournal(limit: number, budgetMs = Infinity): number {
    // Derived rows need no fsync of their own: the events they come from are durable (fsynced
    // before their answer), and a batch lost to a power cut loses its `projected` marks with it, so
    // those events are projected again at the next start. The next acknowledged hook's WAL fsync
    // syncs these pages too.
    this.cut = false;
    const n = this.withoutOwnFsync(() => this.projectSome(limit, budgetMs));
    if (n > 0) this.merger.written();
    // The journal is empty: whatever is left was deleted unprojected (a forgotten session).
    if (n < limit && !this.cut) this.handed.clear();
    return n;
  }

  /**
   * Whether the last `projectJournal` stopped at its budget with events left in it. When it took
   * fewer than `limit` and was not cut, the journal is empty.
   */
  get lastSliceCut(): boolean {
    return this.cut;
  }

  /** Whether the observation index may have segments to merge (a projected slice wrote some). */
  get mergeDue(): boolean {
    return this.merger.due;
  }

  /** The index merges' hold, for the maintenance worker (db/index-merge.ts `setMergeHold`). */
  get mergeHold(): SharedArrayBuffer {
    return this.merger.holdBuffer;
  }

  /**
   * One step of the observation index's segment merges, about `budgetMs` (db/index-merge.ts), in
   * its own transaction; returns whether work may remain. Like projection it needs no fsync of
   * its own: a merge lost to a power cut leaves the index as it was before it.
   */
  mergeIndex(budgetMs: number): boolean {
    return this.withoutOwnFsync(() => this.run(() => this.merger.step(budgetMs)));
  }

  private withoutOwnFsync<T>(fn: () => T): T {
    if (!this.fullSync || this.d.sqlite.inTransaction) return fn();
    return withoutCommitFsync(this.d.sqlite, fn);
  }

  private projectSome(limit: number, budgetMs: number): number {
    try {
      // The batch's observations are indexed once at its end (see withDeferredIndex).
      return this.run((emit) => {
        const t0 = performance.now();
        let loopEnd = t0;
        const n = withDeferredIndex(this.d.sqlite, () => {
          const k = this.projectRows(this.q.unprojected(limit), emit, t0 + budgetMs);
          loopEnd = performance.now();
          return k;
        });
        if (n > 0) this.cost.indexTook(n, performance.now() - loopEnd);
        return n;
      });
    } catch (err) {
      if (classifyStorageError(err)) throw err;
      let n = 0;
      for (const row of this.q.unprojected(limit)) {
        try {
          this.run((emit) => this.projectRows([row], emit));
        } catch (e) {
          if (classifyStorageError(e)) throw e;
          this.q.markProjected(row.id, 2);
          this.d.logger?.error('hook event could not be projected', {
            eventId: row.id,
            eventName: row.event_name,
            err: e as Error,
          });
        }
        n++;
      }
      return n;
    }
  }

  /** Projects every journaled event (inside the caller's transaction when there is one). */
  drainJournal(): void {
    while (this.q.hasUnprojected()) this.projectJournal(512);
  }

  /**
   * Projects `rows` in order; with a `deadline` (performance.now()), stops once the rows so far and
   * their share of the index (`cost`, written after the loop) reach it.
   */
  private projectRows(rows: UnprojectedEvent[], emit: Emit, deadline = Infinity): number {
    let n = 0;
    for (const row of rows) {
      // Taken, not read: a slice that fails reads its events back from the journal.
      const handed = this.handed.get(row.id);
      this.handed.delete(row.id);
      const payload = handed?.payload ?? this.readPayload(row.id);
      this.w.projectHook(row.event_name, payload, row.received_at, emit, handed?.project);
      this.q.markProjected(row.id, 1);
      n++;
      if (n < rows.length && this.cost.reaches(n, performance.now(), deadline)) {
        this.cut = true;
        break;
      }
    }
    return n;
  }

  private readPayload(id: number): HookPayload {
    try {
      return JSON.parse(this.q.payloadOf(id) ?? '{}') as HookPayload;
    } catch {
      return {};
    }
  }

  /**
   * Dedupe, gate, then clean and serialize (`serialize`) and store the event row. Every gate runs
   * before the write: a refused event leaves nothing of its payload in the journal.
   */
  private acceptHook(hook: ArrivingHook, emit: Emit): HookResult & { newProject?: string } {
    const { eventName, payload, serialize, opts, now, projected } = hook;
    const at = opts.at ?? now;
    if (opts.eventUid && this.q.eventUidExists(opts.eventUid)) return { stored: false, skipped: 'duplicate' };
    const claudeSessionId = typeof payload.session_id === 'string' ? payload.session_id : null;
    const cwd = typeof payload.cwd === 'string' ? payload.cwd : null;
    const refused = internalRunGate(cwd) ?? toolGate(this.d.settings.get(), payload);
    if (refused) return { stored: false, skipped: refused };
    const existing = claudeSessionId ? this.q.findSession(claudeSessionId) : undefined;
    const project = existing?.project ?? this.d.projects.nameFor(cwd, undefined, at);
    const gate = captureGate(this.d, project, cwd, now, emit);
    if (gate) return { stored: false, skipped: gate };
    const eventId = this.q.insertEvent(
      eventName,
      claudeSessionId,
      serialize(),
      opts.eventUid ?? null,
      opts.source ?? 'http',
      at,
      projected,
    );
    emit.push(() => this.d.bus.emit('event', { id: eventId, eventName, claudeSessionId, receivedAt: at }));
    // The project named for a session not stored yet: its projection takes it instead of naming again.
    return existing ? { stored: true, eventId } : { stored: true, eventId, newProject: project };
  }
}
