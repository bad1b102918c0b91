import { withDeferredIndex } from '../db/identifiers.js';
import { isPathExcluded } from './exclude.js';

export type * from './types.js';
export { projectName } from './project.js';
import type { HookPayload } from './payloads.js';
import { projectName } from './project.js';
import { RowWriter, type Emit } from './row-writer.js';
import type { HookResult, IngestDeps, IngestOptions, PreparedHook, SkipReason } from './types.js';
import { prepareIngestStatements, type IngestStatements, type UnprojectedEvent } from './statements.js';
import { classifyStorageError } from '../db/storage.js';
import { prepareToolPayload } from './tool-payload.js';
import { wellFormedDeep } from './well-formed.js';

/**
 * Turns hook events and the seed's session API calls into rows. Every public method runs in one
 * SQLite transaction: when it returns, the event, its domain rows and any queued job are committed;
 * bus notifications go out only after the commit.
 */
export class Ingestor {
  private readonly q: IngestStatements;
  private readonly inTx: <T>(fn: () => T) => T;

  private readonly w: RowWriter;

  /** Whether the connection fsyncs every commit (`synchronous = FULL`, the service's default). */
  private readonly fullSync: boolean;

  constructor(private readonly d: IngestDeps) {
    this.fullSync = d.sqlite.pragma('synchronous', { simple: true }) === 2;
    this.q = prepareIngestStatements(d.sqlite);
    this.w = new RowWriter(this.q, d);
    const tx = d.sqlite.transaction((fn: () => unknown) => fn());
    // IMMEDIATE (a savepoint when nested): see GroupCommit.
    this.inTx = <T>(fn: () => T): T => tx.immediate(fn) as T;
  }

  /** Notification lists of the transactions in progress (nested ones hand theirs to the outer). */
  private readonly emitStack: Emit[] = [];

  /**
   * Runs `fn` in one transaction (a savepoint when nested), then fires the notifications it queued
   * — or hands them to the enclosing transaction or the group commit, to fire after the COMMIT. A
   * rolled-back transaction's notifications are dropped.
   */
  private run<T>(fn: (emit: Emit) => T, opts: { flat?: boolean } = {}): T {
    const emit: Emit = [];
    this.emitStack.push(emit);
    let out: T;
    try {
      // `flat`: one write at most, run in the enclosing transaction without a savepoint.
      out =
        opts.flat && this.d.sqlite.inTransaction
          ? fn(emit)
          : this.inTx(() => {
              emit.length = 0;
              return fn(emit);
            });
    } finally {
      this.emitStack.pop();
    }
    const parent = this.emitStack[this.emitStack.length - 1];
    if (parent) {
      parent.push(...emit);
      return out;
    }
    const sink = this.d.groupCommit?.afterCommit();
    if (sink) sink.push(...emit);
    else for (const f of emit) f();
    return out;
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
    const sessionId = typeof payload.session_id === 'string' ? payload.session_id : null;
    const cwd = typeof payload.cwd === 'string' ? payload.cwd : null;
    const serialize = (): string => {
      if (eventName === 'PostToolUse' || eventName === 'PostToolUseFailure') prepareToolPayload(payload);
      this.clean(payload);
      return JSON.stringify(payload);
    };
    return this.run((emit): HookResult => {
      this.drainJournal();
      const accepted = this.acceptHook(eventName, sessionId, cwd, serialize, opts, now, at, 1, emit);
      if (!accepted.stored || accepted.eventId === undefined) return accepted;
      return { ...accepted, ...this.w.projectHook(eventName, payload, at, emit), stored: true };
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
    const { json, sessionId, cwd } = prepared;
    // At most one write (the event, or the skip counter): atomic on its own, so inside a group
    // commit it needs no savepoint of its own.
    return this.run(
      (emit) => {
        const r = this.acceptHook(eventName, sessionId, cwd, () => json, opts, now, opts.at ?? now, 0, emit);
        if (r.stored) emit.push(() => this.onJournaled?.());
        return r;
      },
      { flat: true },
    );
  }

  /** Called after a journaled event is committed (the projector's cue). */
  onJournaled?: () => void;

  /** Whether any journaled event still waits for projection. */
  hasJournaled(): boolean {
    return this.q.hasUnprojected();
  }

  /**
   * Projects up to `limit` journaled events, oldest first, in one transaction; returns how many it
   * took. An event whose projection throws (a bug, not storage) is marked failed (projected = 2)
   * and logged, so one bad payload cannot wedge the journal. Storage errors propagate: retry later.
   */
  projectJournal(limit: number): number {
    // Derived rows need no fsync of their own: the events they come from are durable (journaled
    // with the connection's FULL setting), and a batch lost to a power cut loses its `projected`
    // marks with it, so those events are projected again at the next start. The next FULL commit
    // (the next acknowledged hook) syncs these pages too.
    const relax = this.fullSync && !this.d.sqlite.inTransaction;
    if (relax) this.d.sqlite.pragma('synchronous = NORMAL');
    try {
      return this.projectSome(limit);
    } finally {
      if (relax) this.d.sqlite.pragma('synchronous = FULL');
    }
  }

  private projectSome(limit: number): number {
    try {
      // The batch's observations are indexed once at its end (see withDeferredIndex).
      return this.run((emit) =>
        withDeferredIndex(this.d.sqlite, () => this.projectRows(this.q.unprojected(limit), emit)),
      );
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

  private projectRows(rows: UnprojectedEvent[], emit: Emit): number {
    for (const row of rows) {
      let payload: HookPayload;
      try {
        payload = JSON.parse(row.payload) as HookPayload;
      } catch {
        payload = {};
      }
      this.w.projectHook(row.event_name, payload, row.received_at, emit);
      this.q.markProjected(row.id, 1);
    }
    return rows.length;
  }

  /** Dedupe, gate, then clean and serialize (`serialize`) and store the event row. */
  private acceptHook(
    eventName: string,
    claudeSessionId: string | null,
    cwd: string | null,
    serialize: () => string,
    opts: IngestOptions,
    now: number,
    at: number,
    projected: 0 | 1,
    emit: Emit,
  ): HookResult {
    if (opts.eventUid && this.q.eventUidExists(opts.eventUid)) return { stored: false, skipped: 'duplicate' };
    const existing = claudeSessionId ? this.q.findSession(claudeSessionId) : undefined;
    const project = existing?.project ?? projectName(undefined, cwd);
    const gate = this.gate(project, cwd, now, emit);
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
    return { stored: true, eventId };
  }

  /** `POST /api/sessions/init`: create-or-get the session, count the prompt, store it stripped. */
  initSession(
    input: { claudeSessionId: string; project?: string; cwd?: string; prompt: string },
    opts: IngestOptions = {},
  ): { sessionDbId: number; promptNumber: number; skipped: boolean; reason?: SkipReason } {
    const now = this.d.clock();
    return this.run((emit) => {
      this.drainJournal();
      const existing = this.q.findSession(input.claudeSessionId);
      const cwd = input.cwd ?? null;
      const project = existing?.project ?? projectName(input.project, cwd);
      const gate = this.gate(project, cwd, now, emit);
      if (gate)
        return {
          sessionDbId: existing?.id ?? 0,
          promptNumber: existing?.promptCounter ?? 0,
          skipped: true,
          reason: gate,
        };
      const at = opts.at ?? now;
      const r = this.w.addPrompt(input.claudeSessionId, project, cwd, undefined, input.prompt, at, emit);
      // The audit trail session state derives from, as a hook would have left it.
      if (r.stored)
        this.recordEvent(
          'UserPromptSubmit',
          { session_id: input.claudeSessionId, cwd, prompt: this.clean(input.prompt).trim() },
          opts,
          at,
          emit,
        );
      return {
        sessionDbId: r.sessionDbId,
        promptNumber: r.promptNumber,
        skipped: !r.stored,
        ...(r.skipped ? { reason: r.skipped } : {}),
      };
    });
  }

  /** `POST /api/sessions/observations` (seed shape). */
  recordObservation(
    input: {
      claudeSessionId: string;
      project?: string;
      cwd?: string;
      toolName: string;
      toolInput: unknown;
      toolResponse: unknown;
      toolUseId?: string;
      failed?: boolean;
      /** The assistant's words with the call (from a transcript); cleaned like the rest. */
      said?: string | null;
    },
    opts: IngestOptions = {},
  ): HookResult {
    const now = this.d.clock();
    return this.run((emit): HookResult => {
      this.drainJournal();
      const cwd = input.cwd ?? null;
      const project = this.q.findSession(input.claudeSessionId)?.project ?? projectName(input.project, cwd);
      const gate = this.gate(project, cwd, now, emit);
      if (gate) return { stored: false, skipped: gate };
      const payload: Record<string, unknown> = {
        tool_input: input.toolInput,
        tool_response: input.toolResponse,
        ...(input.said ? { memtray_said: input.said } : {}),
      };
      prepareToolPayload(payload);
      this.clean(payload);
      const at = opts.at ?? now;
      const r = this.w.addObservation(
        {
          claudeSessionId: input.claudeSessionId,
          project,
          cwd,
          transcriptPath: undefined,
          toolName: input.toolName,
          toolInput: payload.tool_input,
          toolResponse: payload.tool_response,
          toolUseId: input.toolUseId,
          failed: input.failed ?? false,
          at,
          said: typeof payload.memtray_said === 'string' ? payload.memtray_said : null,
        },
        emit,
      );
      // The audit trail session state derives from (files, tools), as the hook would have left it.
      if (r.stored && r.observationId !== undefined)
        this.recordEvent(
          input.failed ? 'PostToolUseFailure' : 'PostToolUse',
          {
            session_id: input.claudeSessionId,
            cwd,
            tool_name: input.toolName,
            tool_input: payload.tool_input,
            tool_response: payload.tool_response,
            ...(input.toolUseId ? { tool_use_id: input.toolUseId } : {}),
          },
          opts,
          at,
          emit,
        );
      return r;
    });
  }

  /** Stores the event a write that did not come as a hook stands for (already cleaned), projected. */
  private recordEvent(
    eventName: string,
    payload: { session_id: string } & Record<string, unknown>,
    opts: IngestOptions,
    at: number,
    emit: Emit,
  ): void {
    const eventId = this.q.insertEvent(
      eventName,
      payload.session_id,
      JSON.stringify(payload),
      null,
      opts.source ?? 'api',
      at,
      1,
    );
    const claudeSessionId = payload.session_id;
    emit.push(() => this.d.bus.emit('event', { id: eventId, eventName, claudeSessionId, receivedAt: at }));
  }

  /** `POST /api/sessions/summarize`: records the request; the compression queue writes the summary. */
  requestSummary(input: {
    claudeSessionId: string;
    last_user_message?: string;
    last_assistant_message?: string;
  }): {
    sessionDbId: number;
    jobId: number;
  } {
    const now = this.d.clock();
    const clean = (v: string | undefined): string | undefined =>
      v === undefined ? undefined : this.cleanText(v);
    return this.run((emit) => {
      this.drainJournal();
      const s = this.w.upsertSession(
        input.claudeSessionId,
        projectName(undefined, null),
        null,
        undefined,
        now,
      );
      const messages = {
        last_user_message: clean(input.last_user_message),
        last_assistant_message: clean(input.last_assistant_message),
      };
      return { sessionDbId: s.id, jobId: this.w.enqueueSummary(s, messages, now, emit) };
    });
  }

  /** `POST /api/sessions/complete`. */
  complete(input: { claudeSessionId: string; reason?: string }): { sessionDbId: number } {
    const now = this.d.clock();
    return this.run((emit) => {
      this.drainJournal();
      return {
        sessionDbId: this.w.completeSession(
          input.claudeSessionId,
          projectName(undefined, null),
          null,
          input.reason ?? null,
          now,
          emit,
        ).id,
      };
    });
  }

  // ---- internals (all run inside a transaction) ----

  /**
   * Why capture is off for this project/path right now, or null. Counts the skip, and announces it
   * (a `project` event) so the "skipped while off" count moves live.
   */
  private gate(project: string, cwd: string | null, now: number, emit: Emit): SkipReason | null {
    let reason: SkipReason | null = null;
    if (this.d.settings.isPaused(now)) reason = 'paused';
    else if (this.q.projectEnabled(project) === false) reason = 'project-disabled';
    else if (cwd && isPathExcluded(cwd, this.d.settings.get().excludedPaths)) reason = 'excluded-path';
    if (reason) {
      this.q.countSkip(project, cwd, now);
      const captureEnabled = reason !== 'project-disabled';
      emit.push(() => this.d.bus.emit('project', { name: project, captureEnabled }));
    }
    return reason;
  }
}
