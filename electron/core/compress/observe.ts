/**
 * Processes a batch of `observe` jobs (observations of one session): one Messages API call with
 * forced tool use, validated; malformed or prose output gets one retry, then the rule-based
 * result stands, flagged `rules:invalid-output`. Results are written as an UPDATE of each raw
 * observation row, so a job that runs twice still leaves exactly one structured observation.
 */
import { z } from 'zod';
import type { StructuredFields } from '../ingest/ingestor.js';
import { mapStringsDeep } from '../privacy/strip-tags.js';
import { parseStructured } from './provider.js';
import { fallbackTag, llmAvailable, type CompressContext, type FallbackReason } from './context.js';
import { OBSERVE_INSTRUCTIONS, OBSERVE_TOOL_DEF, toolCallElement } from './prompt.js';
import type { JobRow } from '../jobs/queue.js';
import { extractRules } from './rules.js';
import { writeObservation } from '../ingest/results.js';
import { jsonOrText } from '../util/json-text.js';
import { loadObservations, type ObserveRow } from './store.js';
import { boundToolCall, headTail } from './truncate.js';

const list = (max: number, each: number) => z.array(z.string().max(each)).max(max);

const llmObservation = z.object({
  id: z.number().int(),
  type: z
    .string()
    .min(1)
    .max(40)
    .transform((s) => s.toLowerCase().trim()),
  title: z.string().min(1).max(300),
  subtitle: z.string().max(600).nullish(),
  facts: list(20, 1000),
  narrative: z.string().max(4000).nullish(),
  concepts: list(20, 100),
  files_read: list(200, 2000).default([]),
  files_modified: list(200, 2000).default([]),
});
const observeOutputSchema = z.object({ observations: z.array(llmObservation).min(1).max(100) });
type LlmObservation = z.infer<typeof llmObservation>;

interface ObserveOutcome {
  model: string | null;
  fallback: FallbackReason | null;
}

function rulesFor(row: ObserveRow): StructuredFields {
  return extractRules({
    toolName: row.toolName,
    toolInput: jsonOrText(row.toolInput),
    toolResponse: jsonOrText(row.toolResponse),
    failed: row.failed,
    cwd: row.cwd,
  });
}

/** The user message for a batch: the session's prompt for context, then one element per call. */
function buildObserveMessage(ctx: CompressContext, rows: ObserveRow[]): string {
  const parts: string[] = [];
  const first = rows[0];
  if (first) {
    const p = ctx.db
      .prepare(
        `SELECT prompt FROM user_prompts WHERE session_id = ? AND prompt_number <= ? ORDER BY prompt_number DESC LIMIT 1`,
      )
      .get(first.sessionId, first.promptNumber) as { prompt: string } | undefined;
    if (p) parts.push(`<user_request>\n${headTail(p.prompt, 600)}\n</user_request>`);
  }
  for (const r of rows) {
    const b = boundToolCall(r.toolName, jsonOrText(r.toolInput), jsonOrText(r.toolResponse));
    parts.push(toolCallElement(r.id, r.toolName, r.failed, { input: b.input, response: b.response }));
  }
  return ctx.redact(parts.join('\n\n'));
}

function toFields(o: LlmObservation, redact: (s: string) => string): StructuredFields {
  const clean = mapStringsDeep(
    {
      type: o.type,
      title: o.title.slice(0, 200),
      subtitle: o.subtitle ?? null,
      facts: o.facts,
      narrative: o.narrative ?? null,
      concepts: o.concepts.map((c) => c.toLowerCase()),
      filesRead: o.files_read,
      filesModified: o.files_modified,
    },
    redact,
  );
  return clean;
}

/** Runs the batch; throws API errors (the worker turns them into retries). */
export async function processObserveBatch(ctx: CompressContext, jobs: JobRow[]): Promise<ObserveOutcome> {
  const rows = loadObservations(
    ctx.db,
    jobs.map((j) => j.subjectId),
  );
  const finish = (results: Map<number, { fields: StructuredFields; by: string }>): void => {
    const now = ctx.clock();
    const tx = ctx.db.transaction(() => {
      for (const [id, r] of results) writeObservation(ctx.db, id, r.fields, r.by, now);
      for (const j of jobs) ctx.queue.complete(j.id);
    });
    tx.immediate(); // waits for another writer (see GroupCommit)
    for (const row of rows) {
      const r = results.get(row.id);
      ctx.bus.emit('observation', {
        id: row.id,
        sessionId: row.sessionId,
        toolName: row.toolName,
        title: r?.fields.title ?? row.title,
        status: 'processed',
      });
    }
  };
  const fallbackAll = (reason: FallbackReason): ObserveOutcome => {
    finish(new Map(rows.map((r) => [r.id, { fields: rulesFor(r), by: fallbackTag(reason) }])));
    return { model: null, fallback: reason };
  };
  if (rows.length === 0) {
    finish(new Map());
    return { model: null, fallback: null };
  }
  const llm = llmAvailable(ctx);
  if ('fallback' in llm) return fallbackAll(llm.fallback);

  const user = buildObserveMessage(ctx, rows);
  const wanted = new Set(rows.map((r) => r.id));
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await llm.provider.call({
      instructions: OBSERVE_INSTRUCTIONS,
      tool: OBSERVE_TOOL_DEF,
      user:
        attempt === 0
          ? user
          : `${user}\n\nYour previous answer was not a valid ${OBSERVE_TOOL_DEF.name} call covering every id. Call the tool now.`,
      maxTokens: Math.min(8192, 400 + 350 * rows.length),
      signal: ctx.signal,
    });
    ctx.usage.record(res.model, 'observe', res.usage);
    const parsed = parseStructured(observeOutputSchema, res);
    const byId = new Map((parsed?.observations ?? []).filter((o) => wanted.has(o.id)).map((o) => [o.id, o]));
    if (parsed && byId.size === wanted.size) {
      finish(new Map([...byId].map(([id, o]) => [id, { fields: toFields(o, ctx.redact), by: res.model }])));
      return { model: res.model, fallback: null };
    }
    ctx.logger.warn('model output invalid', { attempt: attempt + 1, ids: rows.length, got: byId.size });
    if (ctx.usage.exhausted(ctx.settings.get().provider.dailyTokenBudget)) break;
  }
  return fallbackAll('invalid-output');
}
