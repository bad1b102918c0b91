import { mapStringsDeep, stripPrivacyTags } from '../privacy/strip-tags.js';
import { isPathExcluded } from './exclude.js';

export type * from './types.js';
export { projectName } from './project.js';
import type { HookPayload } from './payloads.js';
import { projectName, touchesExcludedPath } from './project.js';
import { observationInsert, type ToolCall } from './rows.js';
import type { HookResult, IngestDeps, IngestOptions, SkipReason } from './types.js';
import { prepareIngestStatements, type IngestStatements, type SessionRecord } from './statements.js';
import { prepareToolPayload } from './tool-payload.js';

type Emit = Array<() => void>;

/**
 * Turns hook events and the seed's session API calls into rows. Every public method runs in one
 * SQLite transaction: when it returns, the event, its domain rows and any queued job are committed;
 * bus notifications go out only after the commit.
 */
export class Ingestor {
  private readonly q: IngestStatements;
  private readonly inTx: <T>(fn: () => T) => T;

  constructor(private readonly d: IngestDeps) {
    this.q = prepareIngestStatements(d.sqlite);
    const tx = d.sqlite.transaction((fn: () => unknown) => fn());
    this.inTx = <T>(fn: () => T): T => tx(fn) as T;
  }

  /**
   * Runs `fn` in one transaction (a savepoint when inside a group commit), then fires the
   * notifications it queued — or hands them to the group commit, to fire after its COMMIT.
   */
  private run<T>(fn: (emit: Emit) => T): T {
    const emit: Emit = [];
    const out = this.inTx(() => {
      emit.length = 0;
      return fn(emit);
    });
    const sink = this.d.groupCommit?.afterCommit();
    if (sink) sink.push(...emit);
    else for (const f of emit) f();
    return out;
  }

  /** Strip private tags, then redact secrets, in every string of a parsed JSON value (in place). */
  clean<T>(value: T): T {
    const settings = this.d.settings.get();
    return mapStringsDeep(value, (s) => {
      const stripped = stripPrivacyTags(s);
      return settings.redactSecrets ? this.d.redact(stripped, settings) : stripped;
    });
  }

  cleanText(text: string): string {
    return this.clean(text);
  }

  /** Entry point for `POST /api/hooks/:event`: any Claude Code hook payload, known or not. */
  handleHook(eventName: string, payload: HookPayload, opts: IngestOptions = {}): HookResult {
    const now = this.d.clock();
    const at = opts.at ?? now;
    const claudeSessionId = typeof payload.session_id === 'string' ? payload.session_id : null;
    const cwd = typeof payload.cwd === 'string' ? payload.cwd : null;
    return this.run((emit): HookResult => {
      if (opts.eventUid && this.q.eventUidExists(opts.eventUid))
        return { stored: false, skipped: 'duplicate' };
      const existing = claudeSessionId ? this.q.findSession(claudeSessionId) : undefined;
      const project = existing?.project ?? projectName(undefined, cwd);
      const gate = this.gate(project, cwd, now);
      if (gate) return { stored: false, skipped: gate };

      if (eventName === 'PostToolUse' || eventName === 'PostToolUseFailure') prepareToolPayload(payload);
      this.clean(payload);
      const eventId = this.q.insertEvent(
        eventName,
        claudeSessionId,
        JSON.stringify(payload),
        opts.eventUid ?? null,
        opts.source ?? 'http',
        at,
      );
      emit.push(() => this.d.bus.emit('event', { id: eventId, eventName, claudeSessionId, receivedAt: at }));
      const res: HookResult = { stored: true, eventId };
      if (!claudeSessionId) return res;
      const tp = payload.transcript_path;

      switch (eventName) {
        case 'UserPromptSubmit':
          return {
            ...res,
            ...this.addPrompt(claudeSessionId, project, cwd, tp, String(payload.prompt ?? ''), at, emit),
            stored: true,
          };
        case 'PostToolUse':
        case 'PostToolUseFailure': {
          const failed = eventName === 'PostToolUseFailure';
          const r = this.addObservation(
            {
              claudeSessionId,
              project,
              cwd,
              transcriptPath: tp,
              toolName: String(payload.tool_name),
              toolInput: payload.tool_input,
              toolResponse: failed ? (payload.tool_response ?? payload.error) : payload.tool_response,
              toolUseId: typeof payload.tool_use_id === 'string' ? payload.tool_use_id : undefined,
              failed,
              at,
            },
            emit,
          );
          return { ...res, ...r, stored: true };
        }
        case 'Stop': {
          const s = this.upsertSession(claudeSessionId, project, cwd, tp, at);
          const last =
            typeof payload.last_assistant_message === 'string' ? payload.last_assistant_message : undefined;
          this.enqueueSummary(s, { last_assistant_message: last }, at, emit);
          return { ...res, sessionDbId: s.id };
        }
        case 'SessionEnd': {
          const reason = typeof payload.reason === 'string' ? payload.reason : null;
          return {
            ...res,
            sessionDbId: this.completeSession(claudeSessionId, project, cwd, reason, at, emit).id,
          };
        }
        default:
          // SessionStart and the rest: the audit trail (state derives from it); keep the session alive.
          return { ...res, sessionDbId: this.upsertSession(claudeSessionId, project, cwd, tp, at).id };
      }
    });
  }

  /** `POST /api/sessions/init`: create-or-get the session, count the prompt, store it stripped. */
  initSession(
    input: { claudeSessionId: string; project?: string; cwd?: string; prompt: string },
    opts: IngestOptions = {},
  ): { sessionDbId: number; promptNumber: number; skipped: boolean; reason?: SkipReason } {
    const now = this.d.clock();
    return this.run((emit) => {
      const existing = this.q.findSession(input.claudeSessionId);
      const cwd = input.cwd ?? null;
      const project = existing?.project ?? projectName(input.project, cwd);
      const gate = this.gate(project, cwd, now);
      if (gate)
        return {
          sessionDbId: existing?.id ?? 0,
          promptNumber: existing?.promptCounter ?? 0,
          skipped: true,
          reason: gate,
        };
      const r = this.addPrompt(
        input.claudeSessionId,
        project,
        cwd,
        undefined,
        input.prompt,
        opts.at ?? now,
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
    },
    opts: IngestOptions = {},
  ): HookResult {
    const now = this.d.clock();
    return this.run((emit): HookResult => {
      const cwd = input.cwd ?? null;
      const project = this.q.findSession(input.claudeSessionId)?.project ?? projectName(input.project, cwd);
      const gate = this.gate(project, cwd, now);
      if (gate) return { stored: false, skipped: gate };
      const payload: Record<string, unknown> = {
        tool_input: input.toolInput,
        tool_response: input.toolResponse,
      };
      prepareToolPayload(payload);
      this.clean(payload);
      return this.addObservation(
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
          at: opts.at ?? now,
        },
        emit,
      );
    });
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
      const s = this.upsertSession(input.claudeSessionId, projectName(undefined, null), null, undefined, now);
      const messages = {
        last_user_message: clean(input.last_user_message),
        last_assistant_message: clean(input.last_assistant_message),
      };
      return { sessionDbId: s.id, jobId: this.enqueueSummary(s, messages, now, emit) };
    });
  }

  /** `POST /api/sessions/complete`. */
  complete(input: { claudeSessionId: string; reason?: string }): { sessionDbId: number } {
    const now = this.d.clock();
    return this.run((emit) => ({
      sessionDbId: this.completeSession(
        input.claudeSessionId,
        projectName(undefined, null),
        null,
        input.reason ?? null,
        now,
        emit,
      ).id,
    }));
  }

  /**
   * Queues a job in the current transaction (call inside one of this class's transactions, or on
   * its own); a repeated idempotency key re-arms a job that is not running. Returns the job id.
   */
  enqueue(
    kind: string,
    subjectId: number,
    key: string,
    payload: string | null,
    at: number,
    emit?: Emit,
  ): number {
    const id = this.q.enqueue(kind, subjectId, key, payload, at);
    const notify = (): void => this.d.bus.emit('job-enqueued', { kind });
    if (emit) emit.push(notify);
    else notify();
    return id;
  }

  // ---- internals (all run inside a transaction) ----

  /** Why capture is off for this project/path right now, or null. Counts the skip. */
  private gate(project: string, cwd: string | null, now: number): SkipReason | null {
    let reason: SkipReason | null = null;
    if (this.d.settings.isPaused(now)) reason = 'paused';
    else if (this.q.projectEnabled(project) === false) reason = 'project-disabled';
    else if (cwd && isPathExcluded(cwd, this.d.settings.get().excludedPaths)) reason = 'excluded-path';
    if (reason) this.q.countSkip(project, cwd, now);
    return reason;
  }

  private upsertSession(
    claudeSessionId: string,
    project: string,
    cwd: string | null,
    transcriptPath: unknown,
    at: number,
  ): SessionRecord {
    const s = this.q.upsertSession(
      claudeSessionId,
      project,
      cwd,
      typeof transcriptPath === 'string' ? transcriptPath : null,
      at,
    );
    this.q.touchProject(s.project, s.cwd, at);
    return s;
  }

  private addPrompt(
    claudeSessionId: string,
    project: string,
    cwd: string | null,
    transcriptPath: unknown,
    rawPrompt: string,
    at: number,
    emit: Emit,
  ): { stored: boolean; skipped?: SkipReason; sessionDbId: number; promptNumber: number } {
    const s = this.upsertSession(claudeSessionId, project, cwd, transcriptPath, at);
    const prompt = this.cleanText(rawPrompt).trim();
    const isPrivate = prompt === '';
    const promptNumber = this.q.bumpPrompt(s.id, isPrivate, prompt);
    if (!isPrivate) this.q.insertPrompt(s.id, promptNumber, prompt, at);
    emit.push(() =>
      this.d.bus.emit('session', { id: s.id, claudeSessionId, status: 'active', project: s.project }),
    );
    return {
      stored: !isPrivate,
      ...(isPrivate ? { skipped: 'private-prompt' as const } : {}),
      sessionDbId: s.id,
      promptNumber,
    };
  }

  private addObservation(o: ToolCall, emit: Emit): HookResult {
    const s = this.upsertSession(o.claudeSessionId, o.project, o.cwd, o.transcriptPath, o.at);
    const settings = this.d.settings.get();
    if (settings.skipTools.includes(o.toolName))
      return { stored: false, skipped: 'skip-tool', sessionDbId: s.id };
    if (s.currentPromptPrivate) return { stored: false, skipped: 'private-prompt', sessionDbId: s.id };
    if (touchesExcludedPath(o.toolInput, settings.excludedPaths))
      return { stored: false, skipped: 'excluded-path', sessionDbId: s.id };
    const x =
      this.d.extractRules?.({
        toolName: o.toolName,
        toolInput: o.toolInput,
        toolResponse: o.toolResponse,
        failed: o.failed,
        cwd: o.cwd,
      }) ?? null;
    const wantsLlm = this.d.wantsLlmJob?.(this.d.settings) ?? false;
    const row = this.q.insertObservation(observationInsert(s, o, x, wantsLlm));
    if (!row) return { stored: false, skipped: 'duplicate', sessionDbId: s.id };
    if (wantsLlm) this.enqueue('observe', row.id, `observe:${row.id}`, null, o.at, emit);
    emit.push(() =>
      this.d.bus.emit('observation', {
        id: row.id,
        sessionId: s.id,
        toolName: o.toolName,
        title: row.title,
        status: row.status,
      }),
    );
    return { stored: true, sessionDbId: s.id, promptNumber: s.promptCounter, observationId: row.id };
  }

  private enqueueSummary(
    s: SessionRecord,
    messages: { last_user_message?: string | undefined; last_assistant_message?: string | undefined },
    at: number,
    emit: Emit,
  ): number {
    const payload = JSON.stringify({ promptNumber: s.promptCounter, ...messages });
    return this.enqueue('summarize', s.id, `summarize:${s.id}:${s.promptCounter}`, payload, at, emit);
  }

  private completeSession(
    claudeSessionId: string,
    project: string,
    cwd: string | null,
    reason: string | null,
    at: number,
    emit: Emit,
  ): SessionRecord {
    const s = this.upsertSession(claudeSessionId, project, cwd, undefined, at);
    const row = this.q.completeSession(s.id, reason, at);
    emit.push(() =>
      this.d.bus.emit('session', { id: row.id, claudeSessionId, status: 'completed', project: row.project }),
    );
    return row;
  }
}
