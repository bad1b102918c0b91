/**
 * The claude-mem-compatible session API (`/api/sessions/init`, `/observations`, `/summarize`,
 * `/complete`: claude-mem's routes and shapes) and transcript gap-fill: the same rows a hook would
 * leave, plus the event each write stands for (session state derives from events). Each call is one transaction (see IngestTx).
 */
import { captureGate, internalRunGate } from './gate.js';
import { UNKNOWN_PROJECT } from './project.js';
import type { RowWriter } from './row-writer.js';
import type { IngestStatements } from './statements.js';
import { prepareToolPayload } from './tool-payload.js';
import type { Emit, IngestTx } from './tx.js';
import type { HookResult, IngestDeps, IngestOptions, SkipReason } from './types.js';

export class ClaudeMemIngest {
  constructor(
    private readonly d: IngestDeps,
    private readonly q: IngestStatements,
    private readonly w: RowWriter,
    private readonly tx: IngestTx,
    /** Projects what the hook endpoint journaled first, so writes keep their order. */
    private readonly drain: () => void,
  ) {}

  /** `POST /api/sessions/init`: create-or-get the session, count the prompt, store it stripped. */
  initSession(
    input: { claudeSessionId: string; project?: string; cwd?: string; prompt: string },
    opts: IngestOptions = {},
  ): { sessionDbId: number; promptNumber: number; skipped: boolean; reason?: SkipReason } {
    const now = this.d.clock();
    return this.tx.run((emit) => {
      this.drain();
      const existing = this.q.findSession(input.claudeSessionId);
      const cwd = input.cwd ?? null;
      const internal = internalRunGate(cwd);
      const project = internal ? '' : (existing?.project ?? this.d.projects.nameFor(cwd, input.project, now));
      const gate = internal ?? captureGate(this.d, project, cwd, now, emit);
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
          { session_id: input.claudeSessionId, cwd, prompt: this.w.clean(input.prompt).trim() },
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

  /** `POST /api/sessions/observations` (claude-mem's shape). */
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
    return this.tx.run((emit): HookResult => {
      this.drain();
      const cwd = input.cwd ?? null;
      const internal = internalRunGate(cwd);
      if (internal) return { stored: false, skipped: internal };
      const project =
        this.q.findSession(input.claudeSessionId)?.project ??
        this.d.projects.nameFor(cwd, input.project, now);
      const gate = captureGate(this.d, project, cwd, now, emit);
      if (gate) return { stored: false, skipped: gate };
      const payload: Record<string, unknown> = {
        tool_input: input.toolInput,
        tool_response: input.toolResponse,
        ...(input.said ? { memtray_said: input.said } : {}),
      };
      prepareToolPayload(payload);
      this.w.clean(payload);
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
      v === undefined ? undefined : this.w.clean(v);
    return this.tx.run((emit) => {
      this.drain();
      const s = this.w.upsertSession(input.claudeSessionId, UNKNOWN_PROJECT, null, undefined, now);
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
    return this.tx.run((emit) => {
      this.drain();
      return {
        sessionDbId: this.w.completeSession(
          input.claudeSessionId,
          UNKNOWN_PROJECT,
          null,
          input.reason ?? null,
          now,
          emit,
        ).id,
      };
    });
  }
}
