import { and, eq, sql } from 'drizzle-orm';
import { basename } from 'node:path';
import { events, jobs, observations, projects, sessions, userPrompts } from '../../../drizzle/schema.js';
import type { Drizzle } from '../db/open.js';
import { mapStringsDeep, stripPrivacyTags } from '../privacy/strip-tags.js';
import type { Settings } from '../settings/schema.js';
import type { SettingsStore } from '../settings/store.js';
import type { Bus } from '../util/bus.js';
import type { Clock } from '../util/clock.js';
import { isPathExcluded } from './exclude.js';
import type { HookPayload } from './payloads.js';
import { prepareToolPayload } from './tool-payload.js';

/** Structured fields an extractor can fill (see compression). */
export interface StructuredFields {
  type: string;
  title: string;
  subtitle?: string | null;
  facts: string[];
  narrative?: string | null;
  concepts: string[];
  filesRead: string[];
  filesModified: string[];
}

export interface RuleInput {
  toolName: string;
  toolInput: unknown;
  toolResponse: unknown;
  failed: boolean;
  cwd: string | null;
}

export interface IngestDeps {
  db: Drizzle;
  bus: Bus;
  clock: Clock;
  settings: SettingsStore;
  /** Secret redaction applied to every stored string when the `redactSecrets` setting is on. */
  redact: (text: string, settings: Settings) => string;
  /** Deterministic extractor applied at once, so nothing waits on an API. */
  extractRules?: (input: RuleInput) => StructuredFields | null;
  /** Whether an `observe` job should be queued for the LLM extractor (e.g. an API key is set). */
  wantsLlmJob?: (settings: SettingsStore) => boolean;
}

export type IngestSource = 'http' | 'hook' | 'spool' | 'transcript' | 'api';

export interface IngestOptions {
  source?: IngestSource;
  /** Idempotency id: an event with a uid already stored is ignored (spool import, reconciliation). */
  eventUid?: string;
  /** Time the event happened (transcripts, spool); defaults to now. */
  at?: number;
}

export type SkipReason =
  | 'paused'
  | 'project-disabled'
  | 'excluded-path'
  | 'skip-tool'
  | 'private-prompt'
  | 'duplicate'
  | 'empty-prompt'
  | 'no-session';

export interface HookResult {
  stored: boolean;
  skipped?: SkipReason;
  eventId?: number;
  sessionDbId?: number;
  promptNumber?: number;
  observationId?: number;
}

type SessionRow = typeof sessions.$inferSelect;

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));

/**
 * Turns hook events and the seed's session API calls into rows. Every public method runs in one
 * SQLite transaction: when it returns, the event, its domain rows and any queued job are committed.
 */
export class Ingestor {
  constructor(private readonly d: IngestDeps) {}

  private get db(): Drizzle {
    return this.d.db;
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
    let emitted: Array<() => void> = [];
    const result = this.db.transaction((tx) => {
      emitted = [];
      if (
        opts.eventUid &&
        tx.select({ id: events.id }).from(events).where(eq(events.eventUid, opts.eventUid)).get()
      ) {
        return { stored: false, skipped: 'duplicate' } satisfies HookResult;
      }
      const existing = claudeSessionId ? this.findSession(tx, claudeSessionId) : undefined;
      const project = existing?.project ?? projectName(undefined, cwd);
      const gate = this.gate(tx, project, cwd, now);
      if (gate) return { stored: false, skipped: gate } satisfies HookResult;

      if (eventName === 'PostToolUse' || eventName === 'PostToolUseFailure') {
        prepareToolPayload(payload);
      }
      this.clean(payload);
      const inserted = tx
        .insert(events)
        .values({
          eventName,
          claudeSessionId,
          payload: JSON.stringify(payload),
          eventUid: opts.eventUid ?? null,
          source: opts.source ?? 'http',
          receivedAt: at,
        })
        .returning({ id: events.id })
        .get();
      emitted.push(() =>
        this.d.bus.emit('event', { id: inserted.id, eventName, claudeSessionId, receivedAt: at }),
      );
      const res: HookResult = { stored: true, eventId: inserted.id };
      if (!claudeSessionId) return res;

      switch (eventName) {
        case 'SessionStart': {
          const s = this.upsertSession(tx, claudeSessionId, project, cwd, payload.transcript_path, at);
          res.sessionDbId = s.id;
          break;
        }
        case 'UserPromptSubmit': {
          const r = this.addPrompt(
            tx,
            claudeSessionId,
            project,
            cwd,
            payload.transcript_path,
            String(payload.prompt ?? ''),
            at,
            emitted,
          );
          Object.assign(res, r);
          break;
        }
        case 'PostToolUse':
        case 'PostToolUseFailure': {
          const r = this.addObservation(
            tx,
            {
              claudeSessionId,
              project,
              cwd,
              transcriptPath: payload.transcript_path,
              toolName: String(payload.tool_name),
              toolInput: payload.tool_input,
              toolResponse:
                eventName === 'PostToolUseFailure'
                  ? (payload.tool_response ?? payload.error)
                  : payload.tool_response,
              toolUseId: typeof payload.tool_use_id === 'string' ? payload.tool_use_id : undefined,
              failed: eventName === 'PostToolUseFailure',
              at,
            },
            emitted,
          );
          Object.assign(res, r, { stored: true });
          break;
        }
        case 'Stop': {
          const s = this.upsertSession(tx, claudeSessionId, project, cwd, payload.transcript_path, at);
          res.sessionDbId = s.id;
          this.enqueueSummary(
            tx,
            s,
            {
              last_assistant_message:
                typeof payload.last_assistant_message === 'string'
                  ? payload.last_assistant_message
                  : undefined,
            },
            at,
            emitted,
          );
          break;
        }
        case 'SessionEnd': {
          const s = this.completeSession(
            tx,
            claudeSessionId,
            project,
            cwd,
            typeof payload.reason === 'string' ? payload.reason : null,
            at,
            emitted,
          );
          res.sessionDbId = s.id;
          break;
        }
        default: {
          // Audit trail only; session state derives from these events. Keep the session alive.
          const s = this.upsertSession(tx, claudeSessionId, project, cwd, payload.transcript_path, at);
          res.sessionDbId = s.id;
        }
      }
      return res;
    });
    for (const fn of emitted) fn();
    return result;
  }

  /** `POST /api/sessions/init`: create-or-get the session, count the prompt, store it stripped. */
  initSession(
    input: { claudeSessionId: string; project?: string; cwd?: string; prompt: string },
    opts: IngestOptions = {},
  ): {
    sessionDbId: number;
    promptNumber: number;
    skipped: boolean;
    reason?: SkipReason;
  } {
    const now = this.d.clock();
    const at = opts.at ?? now;
    let emitted: Array<() => void> = [];
    const out = this.db.transaction((tx) => {
      emitted = [];
      const existing = this.findSession(tx, input.claudeSessionId);
      const project = existing?.project ?? projectName(input.project, input.cwd ?? null);
      const gate = this.gate(tx, project, input.cwd ?? null, now);
      if (gate) {
        return {
          sessionDbId: existing?.id ?? 0,
          promptNumber: existing?.promptCounter ?? 0,
          skipped: true,
          reason: gate,
        };
      }
      const r = this.addPrompt(
        tx,
        input.claudeSessionId,
        project,
        input.cwd ?? null,
        undefined,
        input.prompt,
        at,
        emitted,
      );
      return {
        sessionDbId: r.sessionDbId,
        promptNumber: r.promptNumber,
        skipped: !r.stored,
        ...(r.skipped ? { reason: r.skipped } : {}),
      };
    });
    for (const fn of emitted) fn();
    return out;
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
    const at = opts.at ?? now;
    let emitted: Array<() => void> = [];
    const out = this.db.transaction((tx) => {
      emitted = [];
      const existing = this.findSession(tx, input.claudeSessionId);
      const project = existing?.project ?? projectName(input.project, input.cwd ?? null);
      const gate = this.gate(tx, project, input.cwd ?? null, now);
      if (gate) return { stored: false, skipped: gate } satisfies HookResult;
      const payload = { tool_input: input.toolInput, tool_response: input.toolResponse };
      prepareToolPayload(payload);
      this.clean(payload);
      return this.addObservation(
        tx,
        {
          claudeSessionId: input.claudeSessionId,
          project,
          cwd: input.cwd ?? null,
          transcriptPath: undefined,
          toolName: input.toolName,
          toolInput: payload.tool_input,
          toolResponse: payload.tool_response,
          toolUseId: input.toolUseId,
          failed: input.failed ?? false,
          at,
        },
        emitted,
      );
    });
    for (const fn of emitted) fn();
    return out;
  }

  /** `POST /api/sessions/summarize`: records the request; the compression queue writes the summary. */
  requestSummary(input: {
    claudeSessionId: string;
    last_user_message?: string;
    last_assistant_message?: string;
  }): { sessionDbId: number; jobId: number } {
    const now = this.d.clock();
    let emitted: Array<() => void> = [];
    const out = this.db.transaction((tx) => {
      emitted = [];
      const s = this.upsertSession(
        tx,
        input.claudeSessionId,
        projectName(undefined, null),
        null,
        undefined,
        now,
      );
      const jobId = this.enqueueSummary(
        tx,
        s,
        {
          last_user_message: input.last_user_message && this.cleanText(input.last_user_message),
          last_assistant_message:
            input.last_assistant_message && this.cleanText(input.last_assistant_message),
        },
        now,
        emitted,
      );
      return { sessionDbId: s.id, jobId };
    });
    for (const fn of emitted) fn();
    return out;
  }

  /** `POST /api/sessions/complete`. */
  complete(input: { claudeSessionId: string; reason?: string }): { sessionDbId: number } {
    const now = this.d.clock();
    let emitted: Array<() => void> = [];
    const out = this.db.transaction((tx) => {
      emitted = [];
      const s = this.completeSession(
        tx,
        input.claudeSessionId,
        projectName(undefined, null),
        null,
        input.reason ?? null,
        now,
        emitted,
      );
      return { sessionDbId: s.id };
    });
    for (const fn of emitted) fn();
    return out;
  }

  // ---- internals (all called inside a transaction) ----

  private findSession(tx: Drizzle, claudeSessionId: string): SessionRow | undefined {
    return tx.select().from(sessions).where(eq(sessions.claudeSessionId, claudeSessionId)).get();
  }

  /** Returns why capture is off for this project/path right now, or null. Counts the skip. */
  private gate(tx: Drizzle, project: string, cwd: string | null, now: number): SkipReason | null {
    let reason: SkipReason | null = null;
    if (this.d.settings.isPaused(now)) reason = 'paused';
    else {
      const p = tx
        .select({ enabled: projects.captureEnabled })
        .from(projects)
        .where(eq(projects.name, project))
        .get();
      if (p && !p.enabled) reason = 'project-disabled';
      else if (cwd && isPathExcluded(cwd, this.d.settings.get().excludedPaths)) reason = 'excluded-path';
    }
    if (reason) {
      tx.insert(projects)
        .values({ name: project, rootPath: cwd, createdAt: now, skippedEvents: 1 })
        .onConflictDoUpdate({
          target: projects.name,
          set: { skippedEvents: sql`${projects.skippedEvents} + 1` },
        })
        .run();
    }
    return reason;
  }

  private touchProject(tx: Drizzle, project: string, cwd: string | null, at: number): void {
    tx.insert(projects)
      .values({ name: project, rootPath: cwd, createdAt: at, lastActivityAt: at })
      .onConflictDoUpdate({
        target: projects.name,
        set: {
          lastActivityAt: sql`max(coalesce(${projects.lastActivityAt}, 0), ${at})`,
          rootPath: sql`coalesce(${projects.rootPath}, ${cwd})`,
        },
      })
      .run();
  }

  private upsertSession(
    tx: Drizzle,
    claudeSessionId: string,
    project: string,
    cwd: string | null,
    transcriptPath: unknown,
    at: number,
  ): SessionRow {
    const tp = typeof transcriptPath === 'string' ? transcriptPath : null;
    const row = tx
      .insert(sessions)
      .values({ claudeSessionId, project, cwd, transcriptPath: tp, startedAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: sessions.claudeSessionId,
        set: {
          updatedAt: sql`max(${sessions.updatedAt}, ${at})`,
          cwd: sql`coalesce(${sessions.cwd}, ${cwd})`,
          transcriptPath: sql`coalesce(${tp}, ${sessions.transcriptPath})`,
        },
      })
      .returning()
      .get();
    this.touchProject(tx, row.project, row.cwd, at);
    return row;
  }

  private addPrompt(
    tx: Drizzle,
    claudeSessionId: string,
    project: string,
    cwd: string | null,
    transcriptPath: unknown,
    rawPrompt: string,
    at: number,
    emitted: Array<() => void>,
  ): { stored: boolean; skipped?: SkipReason; sessionDbId: number; promptNumber: number } {
    const s = this.upsertSession(tx, claudeSessionId, project, cwd, transcriptPath, at);
    const prompt = this.cleanText(rawPrompt).trim();
    const isPrivate = prompt === '';
    const updated = tx
      .update(sessions)
      .set({
        promptCounter: sql`${sessions.promptCounter} + 1`,
        status: 'active',
        currentPromptPrivate: isPrivate,
        firstPrompt: isPrivate
          ? sql`${sessions.firstPrompt}`
          : sql`coalesce(${sessions.firstPrompt}, ${prompt})`,
      })
      .where(eq(sessions.id, s.id))
      .returning({ promptCounter: sessions.promptCounter })
      .get()!;
    if (!isPrivate) {
      tx.insert(userPrompts)
        .values({ sessionId: s.id, promptNumber: updated.promptCounter, prompt, createdAt: at })
        .onConflictDoNothing()
        .run();
    }
    emitted.push(() =>
      this.d.bus.emit('session', { id: s.id, claudeSessionId, status: 'active', project: s.project }),
    );
    return {
      stored: !isPrivate,
      ...(isPrivate ? { skipped: 'private-prompt' as const } : {}),
      sessionDbId: s.id,
      promptNumber: updated.promptCounter,
    };
  }

  private addObservation(
    tx: Drizzle,
    o: {
      claudeSessionId: string;
      project: string;
      cwd: string | null;
      transcriptPath: unknown;
      toolName: string;
      toolInput: unknown;
      toolResponse: unknown;
      toolUseId: string | undefined;
      failed: boolean;
      at: number;
    },
    emitted: Array<() => void>,
  ): HookResult {
    const s = this.upsertSession(tx, o.claudeSessionId, o.project, o.cwd, o.transcriptPath, o.at);
    const settings = this.d.settings.get();
    if (settings.skipTools.includes(o.toolName))
      return { stored: false, skipped: 'skip-tool', sessionDbId: s.id };
    if (s.currentPromptPrivate) return { stored: false, skipped: 'private-prompt', sessionDbId: s.id };
    if (touchesExcludedPath(o.toolInput, settings.excludedPaths))
      return { stored: false, skipped: 'excluded-path', sessionDbId: s.id };
    const structured =
      this.d.extractRules?.({
        toolName: o.toolName,
        toolInput: o.toolInput,
        toolResponse: o.toolResponse,
        failed: o.failed,
        cwd: o.cwd,
      }) ?? null;
    const wantsLlm = this.d.wantsLlmJob?.(this.d.settings) ?? false;
    const row = tx
      .insert(observations)
      .values({
        sessionId: s.id,
        promptNumber: s.promptCounter,
        toolName: o.toolName,
        toolUseId: o.toolUseId ?? null,
        toolInput: json(o.toolInput),
        toolResponse: json(o.toolResponse),
        failed: o.failed,
        cwd: o.cwd,
        createdAt: o.at,
        updatedAt: o.at,
        ...(structured
          ? {
              type: structured.type,
              title: structured.title,
              subtitle: structured.subtitle ?? null,
              facts: JSON.stringify(structured.facts),
              narrative: structured.narrative ?? null,
              concepts: JSON.stringify(structured.concepts),
              filesRead: JSON.stringify(structured.filesRead),
              filesModified: JSON.stringify(structured.filesModified),
              producedBy: 'rules',
              status: wantsLlm ? ('pending' as const) : ('processed' as const),
            }
          : {}),
      })
      .onConflictDoNothing()
      .returning({ id: observations.id, title: observations.title, status: observations.status })
      .get();
    if (!row) return { stored: false, skipped: 'duplicate', sessionDbId: s.id };
    if (wantsLlm) this.enqueue(tx, 'observe', row.id, `observe:${row.id}`, null, o.at, emitted);
    emitted.push(() =>
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
    tx: Drizzle,
    s: SessionRow,
    messages: { last_user_message?: string | undefined; last_assistant_message?: string | undefined },
    at: number,
    emitted: Array<() => void>,
  ): number {
    const payload = JSON.stringify({ promptNumber: s.promptCounter, ...messages });
    return this.enqueue(tx, 'summarize', s.id, `summarize:${s.id}:${s.promptCounter}`, payload, at, emitted);
  }

  /** Queue a job in the caller's transaction; a repeated key re-arms a job that is not running. */
  enqueue(
    tx: Drizzle,
    kind: string,
    subjectId: number,
    key: string,
    payload: string | null,
    at: number,
    emitted: Array<() => void>,
  ): number {
    const row = tx
      .insert(jobs)
      .values({ kind, subjectId, payload, idempotencyKey: key, runAfter: at, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: jobs.idempotencyKey,
        set: { payload, status: 'pending', attempts: 0, runAfter: at, updatedAt: at, lastError: null },
        setWhere: sql`${jobs.status} != 'leased'`,
      })
      .returning({ id: jobs.id })
      .get();
    emitted.push(() => this.d.bus.emit('job-enqueued', { kind }));
    if (row) return row.id;
    return tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.idempotencyKey, key)).get()!.id;
  }

  private completeSession(
    tx: Drizzle,
    claudeSessionId: string,
    project: string,
    cwd: string | null,
    reason: string | null,
    at: number,
    emitted: Array<() => void>,
  ): SessionRow {
    const s = this.upsertSession(tx, claudeSessionId, project, cwd, undefined, at);
    const row = tx
      .update(sessions)
      .set({ status: 'completed', completedAt: at, completionReason: reason })
      .where(and(eq(sessions.id, s.id)))
      .returning()
      .get()!;
    emitted.push(() =>
      this.d.bus.emit('session', { id: row.id, claudeSessionId, status: 'completed', project: row.project }),
    );
    return row;
  }
}

export function projectName(explicit: string | undefined, cwd: string | null): string {
  if (explicit && explicit.trim() !== '') return explicit.trim();
  if (cwd) {
    const b = basename(cwd.replace(/[\\/]+$/, ''));
    if (b) return b;
  }
  return 'unknown';
}

function touchesExcludedPath(toolInput: unknown, globs: string[]): boolean {
  if (globs.length === 0 || toolInput === null || typeof toolInput !== 'object') return false;
  const rec = toolInput as Record<string, unknown>;
  for (const key of ['file_path', 'path', 'notebook_path']) {
    const v = rec[key];
    if (typeof v === 'string' && isPathExcluded(v, globs)) return true;
  }
  return false;
}
