/**
 * Session summaries: request, investigated, learned, completed, next_steps (+ files, notes), from
 * the session's prompts, its latest task list and its observations. By rules always available; by
 * the model when a key is set (invalid output → one retry → rules, flagged). One row per session.
 */
import { z } from 'zod';
import { mapStringsDeep } from '../privacy/strip-tags.js';
import { parseStructured } from './provider.js';
import { fallbackTag, llmAvailable, type CompressContext, type FallbackReason } from './context.js';
import { SUMMARY_INSTRUCTIONS, SUMMARY_TOOL_DEF } from './prompt.js';
import type { JobRow } from '../jobs/queue.js';
import { clip } from '../util/clip.js';
import { upsertSummary, type SummaryFields } from '../ingest/results.js';
import { jsonOrText } from '../util/json-text.js';
import { headTail } from './truncate.js';
import { parseStringList } from '../util/json-list.js';

const summaryPayloadSchema = z.object({
  promptNumber: z.number().int().nonnegative().default(0),
  last_user_message: z.string().optional(),
  last_assistant_message: z.string().optional(),
});

export interface SessionMaterial {
  sessionId: number;
  claudeSessionId: string;
  prompts: string[];
  observations: Array<{
    type: string | null;
    title: string | null;
    facts: string[];
    filesRead: string[];
    filesModified: string[];
    failed: boolean;
  }>;
  todos: Array<{ content: string; status: string }>;
  /** Claude Code's latest compaction summary of the session (what came before it), if any. */
  compaction: string | null;
  /** Titles of the session's remembered decisions and bugfixes. */
  remembered: string[];
  lastUser: string | null;
  lastAssistant: string | null;
}

function loadMaterial(
  ctx: CompressContext,
  sessionId: number,
  payload: z.infer<typeof summaryPayloadSchema>,
): SessionMaterial | null {
  const s = ctx.db.prepare(`SELECT id, claude_session_id AS c FROM sessions WHERE id = ?`).get(sessionId) as
    { id: number; c: string } | undefined;
  if (!s) return null;
  const prompts = (
    ctx.db
      .prepare(`SELECT prompt FROM user_prompts WHERE session_id = ? ORDER BY prompt_number`)
      .all(sessionId) as Array<{
      prompt: string;
    }>
  ).map((p) => p.prompt);
  const obs = ctx.db
    .prepare(
      `SELECT type, title, facts, files_read AS fr, files_modified AS fm, failed FROM observations
       WHERE session_id = ? AND tool_name NOT LIKE 'memtray:%' ORDER BY id DESC LIMIT 200`,
    )
    .all(sessionId) as Array<{
    type: string | null;
    title: string | null;
    facts: string | null;
    fr: string | null;
    fm: string | null;
    failed: number;
  }>;
  const todoEv = ctx.db
    .prepare(
      `SELECT payload FROM events WHERE claude_session_id = ? AND event_name = 'PostToolUse'
         AND payload LIKE '%"tool_name":"TodoWrite"%' ORDER BY id DESC LIMIT 1`,
    )
    .get(s.c) as { payload: string } | undefined;
  let todos: SessionMaterial['todos'] = [];
  if (todoEv) {
    try {
      const p = JSON.parse(todoEv.payload) as {
        tool_input?: { todos?: Array<{ content?: unknown; status?: unknown }> };
      };
      todos = (p.tool_input?.todos ?? []).map((t) => ({
        content: String(t.content ?? ''),
        status: String(t.status ?? ''),
      }));
    } catch {
      todos = [];
    }
  }
  const memories = ctx.db
    .prepare(
      `SELECT tool_name t, title, narrative FROM observations WHERE session_id = ?
         AND tool_name IN ('memtray:compaction', 'memtray:decision', 'memtray:bugfix') ORDER BY created_at, id LIMIT 100`,
    )
    .all(sessionId) as Array<{ t: string; title: string | null; narrative: string | null }>;
  const compactions = memories.filter((r) => r.t === 'memtray:compaction' && r.narrative);
  return {
    sessionId,
    claudeSessionId: s.c,
    compaction: compactions[compactions.length - 1]?.narrative ?? null,
    remembered: memories.filter((r) => r.t !== 'memtray:compaction' && r.title).map((r) => r.title!),
    prompts,
    observations: obs.reverse().map((o) => ({
      type: o.type,
      title: o.title,
      facts: parseStringList(o.facts),
      filesRead: parseStringList(o.fr),
      filesModified: parseStringList(o.fm),
      failed: o.failed === 1,
    })),
    todos,
    lastUser: payload.last_user_message ?? null,
    lastAssistant: payload.last_assistant_message ?? null,
  };
}

const joinCapped = (items: string[], max = 8): string | null =>
  items.length === 0
    ? null
    : `${items.slice(0, max).join('; ')}${items.length > max ? `; and ${items.length - max} more` : ''}.`;

/** The rule-based summary. */
export function rulesSummary(m: SessionMaterial): SummaryFields {
  const uniq = (xs: string[]): string[] => [...new Set(xs)];
  const filesRead = uniq(m.observations.flatMap((o) => o.filesRead)).slice(0, 100);
  const filesEdited = uniq(m.observations.flatMap((o) => o.filesModified)).slice(0, 100);
  const titles = (pred: (o: SessionMaterial['observations'][number]) => boolean): string[] =>
    uniq(
      m.observations
        .filter(pred)
        .map((o) => o.title ?? '')
        .filter((t) => t !== ''),
    );
  const request = m.lastUser ?? m.prompts[m.prompts.length - 1] ?? null;
  const first = m.prompts[0];
  // What was learned: the remembered decisions and bugfixes, and what failures and tests reported
  // (their error or result line). A command's own title is not something learned.
  const outcome = (f: string): boolean => /passed|failed|error/i.test(f);
  const learned = uniq([
    ...m.remembered,
    ...m.observations
      .filter((o) => o.failed || o.type === 'failure' || o.type === 'test')
      .flatMap((o) => o.facts.filter(outcome).slice(0, 1))
      .map((f) => clip(f, 160)),
  ]);
  const completed = titles((o) =>
    ['change', 'feature', 'bugfix', 'refactor', 'build'].includes(o.type ?? ''),
  );
  const open = m.todos.filter((t) => t.status !== 'completed').map((t) => clip(t.content, 150));
  const done = m.todos.filter((t) => t.status === 'completed').map((t) => clip(t.content, 150));
  const failures = m.observations.filter((o) => o.failed || o.type === 'failure').length;
  return {
    request: request ? clip(first && first !== request ? `${first} … then: ${request}` : request, 600) : null,
    investigated: joinCapped(titles((o) => o.type === 'discovery' || o.type === 'delegation')),
    learned: joinCapped(learned),
    completed: joinCapped([...done, ...completed]) ?? (m.lastAssistant ? clip(m.lastAssistant, 400) : null),
    nextSteps: open.length > 0 ? joinCapped(open) : null,
    filesRead,
    filesEdited,
    notes: `${m.observations.length} tool calls, ${failures} failed, ${m.prompts.length} prompts.${
      m.lastAssistant ? ` Last reply: ${clip(m.lastAssistant, 300)}` : ''
    }${m.compaction ? ` Before compaction: ${clip(m.compaction, 800)}` : ''}`,
  };
}

const llmSummarySchema = z.object({
  request: z.string().max(4000),
  investigated: z.string().max(4000),
  learned: z.string().max(4000),
  completed: z.string().max(4000),
  next_steps: z.string().max(4000),
  notes: z.string().max(4000).nullish(),
  files_read: z.array(z.string().max(2000)).max(300).default([]),
  files_edited: z.array(z.string().max(2000)).max(300).default([]),
});

function buildSummaryMessage(m: SessionMaterial): string {
  const prompts = m.prompts.slice(-10).map((p, i) => `${i + 1}. ${headTail(p, 500)}`);
  const obs = m.observations.slice(-80).map(
    (o) =>
      `- [${o.type ?? '?'}] ${o.title ?? ''}${
        o.facts.length
          ? ` — ${o.facts
              .slice(0, 3)
              .map((f) => clip(f, 120))
              .join(' | ')}`
          : ''
      }`,
  );
  const todos = m.todos.map((t) => `- ${t.status}: ${clip(t.content, 150)}`);
  return [
    `<prompts>\n${prompts.join('\n')}\n</prompts>`,
    `<memories>\n${obs.join('\n')}\n</memories>`,
    todos.length ? `<task_list>\n${todos.join('\n')}\n</task_list>` : '',
    m.compaction ? `<compaction_summary>\n${headTail(m.compaction, 3000)}\n</compaction_summary>` : '',
    m.lastAssistant
      ? `<last_assistant_message>\n${headTail(m.lastAssistant, 1500)}\n</last_assistant_message>`
      : '',
  ]
    .filter((s) => s !== '')
    .join('\n\n');
}

export async function processSummary(
  ctx: CompressContext,
  job: JobRow,
): Promise<{ fallback: FallbackReason | null }> {
  const payload = summaryPayloadSchema.safeParse(jsonOrText(job.payload) ?? {});
  const p = payload.success ? payload.data : { promptNumber: 0 };
  const m = loadMaterial(ctx, job.subjectId, p);
  const write = (s: SummaryFields, by: string): void => {
    const now = ctx.clock();
    let id = 0;
    const tx = ctx.db.transaction(() => {
      id = upsertSummary(ctx.db, job.subjectId, p.promptNumber, mapStringsDeep(s, ctx.redact), by, now);
      ctx.queue.complete(job.id);
    });
    tx.immediate(); // waits for another writer (see GroupCommit)
    ctx.bus.emit('summary', { sessionId: job.subjectId, id });
  };
  if (!m) {
    ctx.queue.complete(job.id);
    return { fallback: null };
  }
  const llm = llmAvailable(ctx);
  if ('fallback' in llm) {
    write(rulesSummary(m), fallbackTag(llm.fallback));
    return { fallback: llm.fallback };
  }
  const user = ctx.redact(buildSummaryMessage(m));
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await llm.provider.call({
      instructions: SUMMARY_INSTRUCTIONS,
      tool: SUMMARY_TOOL_DEF,
      user: attempt === 0 ? user : `${user}\n\nCall the ${SUMMARY_TOOL_DEF.name} tool now; no prose.`,
      maxTokens: 1500,
      signal: ctx.signal,
    });
    ctx.usage.record(res.model, 'summarize', res.usage);
    const s = parseStructured(llmSummarySchema, res);
    if (s) {
      const rules = rulesSummary(m);
      write(
        {
          request: s.request,
          investigated: s.investigated,
          learned: s.learned,
          completed: s.completed,
          nextSteps: s.next_steps,
          notes: s.notes ?? null,
          filesRead: s.files_read.length ? s.files_read : rules.filesRead,
          filesEdited: s.files_edited.length ? s.files_edited : rules.filesEdited,
        },
        res.model,
      );
      return { fallback: null };
    }
  }
  write(rulesSummary(m), fallbackTag('invalid-output'));
  return { fallback: 'invalid-output' };
}
