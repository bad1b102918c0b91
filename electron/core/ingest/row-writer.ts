/**
 * The rows a hook event or a claude-mem API call implies: session, prompt, observation (with its
 * rule-based memory), jobs. Runs inside the Ingestor's transactions; notifications go to `emit`,
 * which the Ingestor fires after the COMMIT.
 */
import { isAgentId } from '../../shared/contract/agents.js';
import type { NewJob } from '../jobs/queue.js';
import { cleanDeep } from '../privacy/clean.js';
import type { HookPayload } from './payloads.js';
import { touchesExcludedPath, UNKNOWN_PROJECT } from './project.js';
import { decisionFields, isDecisionTool } from './decision.js';
import { observationInsert, saidNarrative, type ToolCall } from './rows.js';
import type { IngestStatements, SessionRecord } from './statements.js';
import type { HookResult, IngestDeps, SkipReason } from './types.js';

import type { Emit } from './tx.js';

export type { Emit };

export class RowWriter {
  constructor(
    private readonly q: IngestStatements,
    private readonly d: IngestDeps,
  ) {}

  /** Strip private tags, then redact secrets, in every string of a parsed JSON value (in place). */
  clean<T>(value: T, onChange?: () => void): T {
    return cleanDeep(value, this.d.settings.get(), this.d.redact, onChange);
  }

  /** Queues a job; a repeated idempotency key re-arms a job that is not running. Returns its id. */
  enqueue(job: NewJob, emit?: Emit): number {
    return this.d.jobs.enqueue(job, emit);
  }

  /**
   * The rows a stored hook event implies (the session's, its prompt's, its observation's); an
   * event another agent's adapter mapped (core/agents/) names that agent on the session.
   */
  /** `newProject`: the project named when the event was accepted for a session not yet stored. */
  projectHook(
    eventName: string,
    payload: HookPayload,
    at: number,
    emit: Emit,
    newProject?: string,
  ): Partial<HookResult> {
    const r = this.projectHookRows(eventName, payload, at, emit, newProject);
    const agent = payload.memtray_agent;
    if (r.sessionDbId !== undefined && isAgentId(agent) && typeof payload.session_id === 'string')
      this.q.tagAgent(payload.session_id, agent);
    return r;
  }

  private projectHookRows(
    eventName: string,
    payload: HookPayload,
    at: number,
    emit: Emit,
    newProject: string | undefined,
  ): Partial<HookResult> {
    const claudeSessionId = typeof payload.session_id === 'string' ? payload.session_id : null;
    if (!claudeSessionId) return {};
    const cwd = typeof payload.cwd === 'string' ? payload.cwd : null;
    const known = this.q.findSession(claudeSessionId);
    // A session begun with no folder takes the project of the first event that names one.
    const adopt = known?.project === UNKNOWN_PROJECT && known.cwd === null && cwd !== null;
    const named = (): string => this.d.projects.nameFor(cwd, undefined, at);
    const project = !known ? (newProject ?? named()) : adopt ? named() : known.project;
    const tp = payload.transcript_path;
    switch (eventName) {
      case 'UserPromptSubmit':
        return this.addPrompt(claudeSessionId, project, cwd, tp, String(payload.prompt ?? ''), at, emit);
      case 'PostToolUse':
      case 'PostToolUseFailure': {
        const failed = eventName === 'PostToolUseFailure';
        return this.addObservation(
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
            said: typeof payload.memtray_said === 'string' ? payload.memtray_said : null,
          },
          emit,
        );
      }
      case 'Stop': {
        const s = this.upsertSession(claudeSessionId, project, cwd, tp, at);
        const last =
          typeof payload.last_assistant_message === 'string' ? payload.last_assistant_message : undefined;
        // The episode first: the summary (queued after it) sees the turn's episode and bugfixes.
        this.enqueueEpisode(s, last, at, emit);
        this.enqueueSummary(s, { last_assistant_message: last }, at, emit);
        return { sessionDbId: s.id };
      }
      case 'SessionEnd': {
        const reason = typeof payload.reason === 'string' ? payload.reason : null;
        const s = this.completeSession(claudeSessionId, project, cwd, reason, at, emit);
        this.enqueueEpisode(s, undefined, at, emit);
        return { sessionDbId: s.id };
      }
      default:
        // SessionStart and the rest: the audit trail (state derives from it); keep the session alive.
        return { sessionDbId: this.upsertSession(claudeSessionId, project, cwd, tp, at).id };
    }
  }

  upsertSession(
    claudeSessionId: string,
    project: string,
    cwd: string | null,
    transcriptPath: unknown,
    at: number,
  ): SessionRecord {
    // A new session records the worktree and branch it started in.
    const where = this.q.findSession(claudeSessionId) ? null : this.d.projects.placement(cwd);
    const s = this.q.upsertSession(
      claudeSessionId,
      project,
      cwd,
      typeof transcriptPath === 'string' ? transcriptPath : null,
      at,
      where,
    );
    // No project row for a session with no folder yet: it joins a real one when an event names it.
    if (s.project !== UNKNOWN_PROJECT) this.d.projects.touch(s.project, s.cwd, at);
    return s;
  }

  addPrompt(
    claudeSessionId: string,
    project: string,
    cwd: string | null,
    transcriptPath: unknown,
    rawPrompt: string,
    at: number,
    emit: Emit,
  ): { stored: boolean; skipped?: SkipReason; sessionDbId: number; promptNumber: number } {
    const s = this.upsertSession(claudeSessionId, project, cwd, transcriptPath, at);
    const prompt = this.clean(rawPrompt).trim();
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

  addObservation(o: ToolCall, emit: Emit): HookResult {
    const s = this.upsertSession(o.claudeSessionId, o.project, o.cwd, o.transcriptPath, o.at);
    const settings = this.d.settings.get();
    if (s.currentPromptPrivate) return { stored: false, skipped: 'private-prompt', sessionDbId: s.id };
    // Journaled events were gated before the write (gate.ts toolGate); the claude-mem API's calls are here.
    if (touchesExcludedPath(o.toolInput, settings.excludedPaths))
      return { stored: false, skipped: 'excluded-path', sessionDbId: s.id };
    if (settings.skipTools.includes(o.toolName))
      return { stored: false, skipped: 'skip-tool', sessionDbId: s.id };
    // Decisions are remembered as such, never as raw tool calls.
    if (isDecisionTool(o.toolName)) return this.addDecision(s, o, emit);
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
    if (wantsLlm)
      this.enqueue({ kind: 'observe', subjectId: row.id, key: `observe:${row.id}`, at: o.at }, emit);
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

  /** AskUserQuestion / ExitPlanMode → a `decision` memory (processed at once, no LLM job). */
  private addDecision(s: SessionRecord, o: ToolCall, emit: Emit): HookResult {
    const d = decisionFields(o.toolName, o.toolInput, o.toolResponse, o.failed);
    if (!d) return { stored: false, skipped: 'skip-tool', sessionDbId: s.id };
    const row = this.q.insertObservation({
      ...observationInsert(s, { ...o, toolName: 'memtray:decision' }, null, false),
      failed: false,
      type: 'decision',
      title: d.title,
      subtitle: d.subtitle,
      facts: JSON.stringify(d.facts),
      narrative: [d.narrative, saidNarrative(o.said)].filter((x) => x !== null).join('\n'),
      concepts: JSON.stringify(['decision']),
      filesRead: '[]',
      filesModified: '[]',
      producedBy: 'rules',
      status: 'processed',
    });
    if (!row) return { stored: false, skipped: 'duplicate', sessionDbId: s.id };
    emit.push(() =>
      this.d.bus.emit('observation', {
        id: row.id,
        sessionId: s.id,
        toolName: 'memtray:decision',
        title: row.title,
        status: row.status,
      }),
    );
    return { stored: true, sessionDbId: s.id, promptNumber: s.promptCounter, observationId: row.id };
  }

  /** The turn ended (Stop, SessionEnd): an `episode` job builds its memory off the hook path. */
  enqueueEpisode(s: SessionRecord, final: string | undefined, at: number, emit: Emit): void {
    if (s.promptCounter <= 0) return;
    const payload = JSON.stringify({ promptNumber: s.promptCounter, ...(final ? { final } : {}) });
    this.enqueue(
      { kind: 'episode', subjectId: s.id, key: `episode:${s.id}:${s.promptCounter}`, payload, at },
      emit,
    );
  }

  enqueueSummary(
    s: SessionRecord,
    messages: { last_user_message?: string | undefined; last_assistant_message?: string | undefined },
    at: number,
    emit: Emit,
  ): number {
    const payload = JSON.stringify({ promptNumber: s.promptCounter, ...messages });
    const key = `summarize:${s.id}:${s.promptCounter}`;
    return this.enqueue({ kind: 'summarize', subjectId: s.id, key, payload, at }, emit);
  }

  completeSession(
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
