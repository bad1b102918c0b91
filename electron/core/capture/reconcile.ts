/**
 * Transcript reconciliation: records the prompts and tool calls of a transcript that MemTray did
 * not receive as hook events (HTTP hooks while the service was down, lost events), exactly once.
 *
 * - A session MemTray does not know yet (history import) is replayed in order through
 *   `Ingestor.handleHook`, so numbering, privacy, skip list, gates and extractors all apply as live.
 * - A known session is gap-filled: transcript prompts are matched to stored ones (by message uuid,
 *   else by their cleaned text); a missing prompt gets its transcript ordinal as prompt number; a
 *   missing tool call (by `tool_use_id`) is recorded with the number of the prompt it belongs to.
 */
import { eq } from 'drizzle-orm';
import { observations, userPrompts } from '../../../drizzle/schema.js';
import type { Core } from '../core.js';
import { isPathExcluded } from '../ingest/exclude.js';
import { toolGate } from '../ingest/gate.js';
import { MAX_EVENT_BYTES } from '../ingest/limits.js';
import type { HookPayload } from '../ingest/payloads.js';
import { TurnRecorder, wordlessCalls } from './recollect.js';
import type { TranscriptItem, TranscriptPrompt, TranscriptToolCall } from './transcript.js';

export interface ReconcileCounts {
  sessions: number;
  prompts: number;
  toolCalls: number;
  /** Items over the event size limit (MAX_EVENT_BYTES), skipped as the hook endpoint refuses them. */
  tooLarge: number;
}

const zero = (): ReconcileCounts => ({ sessions: 0, prompts: 0, toolCalls: 0, tooLarge: 0 });

/** The size of the event an item would become (its text, or its tool input and response). */
function itemBytes(it: TranscriptItem): number {
  if (it.kind !== 'tool') return Buffer.byteLength(it.text);
  let n = 0;
  for (const v of [it.input, it.response]) {
    const s = typeof v === 'string' ? v : JSON.stringify(v ?? null);
    n += Buffer.byteLength(s ?? '');
  }
  return n;
}

function toolPayload(t: TranscriptToolCall, transcriptPath: string | null): HookPayload {
  return {
    session_id: t.sessionId,
    ...(t.cwd ? { cwd: t.cwd } : {}),
    ...(transcriptPath ? { transcript_path: transcriptPath } : {}),
    tool_name: t.name,
    tool_input: t.input,
    tool_response: t.response,
    tool_use_id: t.toolUseId,
    ...(t.agentId ? { agent_id: t.agentId } : {}),
    ...(t.said ? { memtray_said: t.said } : {}),
  };
}

/** Records what is missing from one session's merged transcript items. Runs in one transaction. */
export function reconcileSession(
  core: Core,
  sessionId: string,
  items: TranscriptItem[],
  transcriptPath: string | null,
  opts: {
    completeIfIdleBefore?: number;
    lastAt?: number | null;
    /** Times when capture was paused: items from then are not recovered. */
    pausedAt?: (at: number) => boolean;
  } = {},
): ReconcileCounts {
  const pausedAt = opts.pausedAt;
  let tooLarge = 0;
  const mine = items.filter((i) => {
    if (i.sessionId !== sessionId || pausedAt?.(i.at)) return false;
    if (itemBytes(i) <= MAX_EVENT_BYTES) return true;
    tooLarge++;
    return false;
  });
  if (tooLarge > 0) core.logger.warn('capture: transcript items over the size limit skipped', { tooLarge });
  if (mine.length === 0 || core.settings.isPaused()) return { ...zero(), tooLarge };
  // IMMEDIATE: waits for another writer (the maintenance worker) instead of failing (GroupCommit).
  const done = core.sqlite
    .transaction(() => {
      const known = core.read.sessionByClaudeId(sessionId);
      if (known && !captureEnabled(core, known.project, known.cwd)) return zero();
      const turns = new TurnRecorder();
      const counts = known ? gapFill(core, known.id, mine, turns) : replay(core, mine, transcriptPath, turns);
      turns.finish(core, sessionId);
      const idle =
        opts.completeIfIdleBefore !== undefined && (opts.lastAt ?? Infinity) < opts.completeIfIdleBefore;
      if (idle && ((!known && counts.sessions > 0) || (known && lacksSummary(core, known.id))))
        endImported(core, sessionId, opts.lastAt ?? undefined, !known);
      return counts;
    })
    .immediate();
  return { ...done, tooLarge };
}

function lacksSummary(core: Core, sessionDbId: number): boolean {
  const row = core.sqlite
    .prepare(
      `SELECT s.status AS status, (SELECT count(*) FROM session_summaries WHERE session_id = s.id) AS n
         FROM sessions s WHERE s.id = ?`,
    )
    .get(sessionDbId) as { status: string; n: number } | undefined;
  return row !== undefined && row.status === 'completed' && row.n === 0;
}

/**
 * An imported session that is over: a Stop queues its summary (rules or the provider, as a live
 * Stop does), then a SessionEnd completes it (`complete`: not done already).
 */
function endImported(core: Core, sessionId: string, at: number | undefined, complete: boolean): void {
  const opts = { source: 'transcript' as const, at };
  core.ingest.handleHook(
    'Stop',
    { session_id: sessionId },
    { ...opts, eventUid: `transcript:stop:${sessionId}` },
  );
  if (complete)
    core.ingest.handleHook(
      'SessionEnd',
      { session_id: sessionId, reason: 'imported' },
      { ...opts, eventUid: `transcript:end:${sessionId}` },
    );
}

function replay(
  core: Core,
  items: TranscriptItem[],
  transcriptPath: string | null,
  turns: TurnRecorder,
): ReconcileCounts {
  const c = zero();
  for (const it of items) {
    if (it.kind === 'reply') turns.reply(it.text);
    else if (it.kind === 'compaction') turns.compaction(it);
    else if (it.kind === 'prompt') {
      const r = core.ingest.handleHook(
        'UserPromptSubmit',
        {
          session_id: it.sessionId,
          ...(it.cwd ? { cwd: it.cwd } : {}),
          ...(transcriptPath ? { transcript_path: transcriptPath } : {}),
          prompt: it.text,
        },
        { source: 'transcript', eventUid: `transcript:prompt:${it.uuid}`, at: it.at },
      );
      turns.prompt(r.stored && r.promptNumber ? r.promptNumber : null);
      if (r.stored && r.sessionDbId && r.promptNumber) {
        core.ingest.gapFill.linkPrompt(r.sessionDbId, r.promptNumber, it.uuid);
        c.prompts++;
      }
    } else {
      const r = core.ingest.handleHook(
        it.failed ? 'PostToolUseFailure' : 'PostToolUse',
        toolPayload(it, transcriptPath),
        {
          source: 'transcript',
          eventUid: `transcript:tool:${it.sessionId}:${it.toolUseId}`,
          at: it.at,
        },
      );
      if (r.observationId) c.toolCalls++;
    }
  }
  if (c.prompts + c.toolCalls > 0 || core.read.sessionByClaudeId(items[0]!.sessionId)) c.sessions = 1;
  return c;
}

function gapFill(
  core: Core,
  sessionDbId: number,
  items: TranscriptItem[],
  turns: TurnRecorder,
): ReconcileCounts {
  const fill = new GapFill(core, sessionDbId, turns);
  for (const it of items) {
    if (it.kind === 'reply') turns.reply(it.text);
    else if (it.kind === 'compaction') turns.compaction(it);
    else if (it.kind === 'prompt') fill.prompt(it);
    else fill.toolCall(it);
  }
  const c = fill.counts;
  if (c.prompts + c.toolCalls > 0) c.sessions = 1;
  return c;
}

/**
 * Fills a stored session's gaps from its transcript, in transcript order: prompts the hooks missed
 * (numbered after those stored), tool calls they missed (under the prompt they followed), and the
 * words of calls recorded live without them. A prompt stored already is matched by its uuid, else
 * by its text; a prompt that is all private keeps its calls out too.
 */
class GapFill {
  readonly counts = zero();
  private readonly stored: Array<{ n: number; prompt: string; uuid: string | null }>;
  private readonly byUuid: Map<string, number>;
  private readonly used: Set<number>;
  private readonly numbers: Set<number>;
  private readonly haveTools: Set<string | null>;
  /** Calls recorded live (HTTP hooks) have no words yet: the transcript has them. */
  private readonly wordless: Set<string | null>;
  private readonly settings: ReturnType<Core['settings']['get']>;
  private ordinal = 0;
  private current = 0;
  private currentPrivate = false;

  constructor(
    private readonly core: Core,
    private readonly sessionDbId: number,
    private readonly turns: TurnRecorder,
  ) {
    this.stored = core.db
      .select({ n: userPrompts.promptNumber, prompt: userPrompts.prompt, uuid: userPrompts.sourceUuid })
      .from(userPrompts)
      .where(eq(userPrompts.sessionId, sessionDbId))
      .all();
    this.byUuid = new Map(this.stored.filter((p) => p.uuid).map((p) => [p.uuid!, p.n]));
    this.used = new Set<number>(this.byUuid.values());
    this.numbers = new Set(this.stored.map((p) => p.n));
    this.haveTools = new Set(
      core.db
        .select({ id: observations.toolUseId })
        .from(observations)
        .where(eq(observations.sessionId, sessionDbId))
        .all()
        .map((r) => r.id),
    );
    this.wordless = wordlessCalls(core, sessionDbId);
    this.settings = core.settings.get();
  }

  prompt(it: TranscriptPrompt): void {
    this.ordinal++;
    const known = this.byUuid.get(it.uuid);
    if (known !== undefined) {
      this.current = known;
      this.currentPrivate = false;
      this.turns.prompt(this.current);
      return;
    }
    const text = this.core.ingest.cleanText(it.text).trim();
    this.currentPrivate = text === '';
    if (this.currentPrivate) {
      this.current = this.ordinal;
      this.turns.prompt(null);
      return;
    }
    const match =
      this.stored.find((p) => p.n === this.ordinal && !this.used.has(p.n) && p.prompt === text) ??
      this.stored.find((p) => !this.used.has(p.n) && p.prompt === text);
    if (match) {
      this.used.add(match.n);
      this.current = match.n;
      this.turns.prompt(this.current);
      this.core.ingest.gapFill.linkPrompt(this.sessionDbId, match.n, it.uuid);
      return;
    }
    this.addPrompt(it, text);
  }

  /** A prompt not stored: numbered at its place in the transcript, or after it when that is taken. */
  private addPrompt(it: TranscriptPrompt, text: string): void {
    let n = this.ordinal;
    while (this.numbers.has(n)) n++;
    this.numbers.add(n);
    this.used.add(n);
    this.current = n;
    this.turns.prompt(this.current);
    this.core.ingest.gapFill.addPrompt({
      sessionDbId: this.sessionDbId,
      claudeSessionId: it.sessionId,
      n,
      text,
      uuid: it.uuid,
      at: it.at,
    });
    this.counts.prompts++;
  }

  toolCall(it: TranscriptToolCall): void {
    if (this.currentPrivate) return;
    if (this.haveTools.has(it.toolUseId)) {
      if (it.said && this.wordless.delete(it.toolUseId))
        this.core.ingest.gapFill.addWords(this.sessionDbId, it.toolUseId, it.said);
      return;
    }
    if (toolGate(this.settings, { tool_name: it.name, tool_input: it.input })) return;
    const r = this.core.ingest.claudeMem.recordObservation(
      {
        claudeSessionId: it.sessionId,
        ...(it.cwd ? { cwd: it.cwd } : {}),
        toolName: it.name,
        toolInput: it.input,
        toolResponse: it.response,
        toolUseId: it.toolUseId,
        failed: it.failed,
        said: it.said,
      },
      { source: 'transcript', at: it.at },
    );
    if (r.observationId) {
      this.haveTools.add(it.toolUseId);
      this.core.ingest.gapFill.setPromptNumber(r.observationId, this.current);
      this.counts.toolCalls++;
    }
  }
}

function captureEnabled(core: Core, project: string, cwd: string | null): boolean {
  if (core.projects.captureEnabled(project) === false) return false;
  return !(cwd && isPathExcluded(cwd, core.settings.get().excludedPaths));
}
