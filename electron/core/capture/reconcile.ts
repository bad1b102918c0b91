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
import type { TranscriptItem, TranscriptToolCall } from './transcript.js';

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
  const c = zero();
  const stored = core.db
    .select({ n: userPrompts.promptNumber, prompt: userPrompts.prompt, uuid: userPrompts.sourceUuid })
    .from(userPrompts)
    .where(eq(userPrompts.sessionId, sessionDbId))
    .all();
  const byUuid = new Map(stored.filter((p) => p.uuid).map((p) => [p.uuid!, p.n]));
  const used = new Set<number>(byUuid.values());
  const numbers = new Set(stored.map((p) => p.n));
  const haveTools = new Set(
    core.db
      .select({ id: observations.toolUseId })
      .from(observations)
      .where(eq(observations.sessionId, sessionDbId))
      .all()
      .map((r) => r.id),
  );
  // Calls recorded live (HTTP hooks) have no words yet: the transcript has them.
  const wordless = wordlessCalls(core, sessionDbId);
  const settings = core.settings.get();
  let ordinal = 0;
  let current = 0;
  let currentPrivate = false;
  for (const it of items) {
    if (it.kind === 'reply') turns.reply(it.text);
    else if (it.kind === 'compaction') turns.compaction(it);
    else if (it.kind === 'prompt') {
      ordinal++;
      const known = byUuid.get(it.uuid);
      if (known !== undefined) {
        current = known;
        currentPrivate = false;
        turns.prompt(current);
        continue;
      }
      const text = core.ingest.cleanText(it.text).trim();
      currentPrivate = text === '';
      if (currentPrivate) {
        current = ordinal;
        turns.prompt(null);
        continue;
      }
      const match =
        stored.find((p) => p.n === ordinal && !used.has(p.n) && p.prompt === text) ??
        stored.find((p) => !used.has(p.n) && p.prompt === text);
      if (match) {
        used.add(match.n);
        current = match.n;
        turns.prompt(current);
        core.ingest.gapFill.linkPrompt(sessionDbId, match.n, it.uuid);
        continue;
      }
      let n = ordinal;
      while (numbers.has(n)) n++;
      numbers.add(n);
      used.add(n);
      current = n;
      turns.prompt(current);
      core.ingest.gapFill.addPrompt({
        sessionDbId,
        claudeSessionId: it.sessionId,
        n,
        text,
        uuid: it.uuid,
        at: it.at,
      });
      c.prompts++;
    } else {
      if (currentPrivate) continue;
      if (haveTools.has(it.toolUseId)) {
        if (it.said && wordless.delete(it.toolUseId))
          core.ingest.gapFill.addWords(sessionDbId, it.toolUseId, it.said);
        continue;
      }
      if (toolGate(settings, { tool_name: it.name, tool_input: it.input })) continue;
      const r = core.ingest.claudeMem.recordObservation(
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
        haveTools.add(it.toolUseId);
        core.ingest.gapFill.setPromptNumber(r.observationId, current);
        c.toolCalls++;
      }
    }
  }
  if (c.prompts + c.toolCalls > 0) c.sessions = 1;
  return c;
}

function captureEnabled(core: Core, project: string, cwd: string | null): boolean {
  if (core.projects.captureEnabled(project) === false) return false;
  return !(cwd && isPathExcluded(cwd, core.settings.get().excludedPaths));
}
