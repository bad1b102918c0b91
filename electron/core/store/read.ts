/** Read-side queries behind the read API, the UI and the CLI: sessions, prompts, observations, counts. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { events, observations, sessions, sessionSummaries, userPrompts } from '../../../drizzle/schema.js';
import type { Page } from '../../shared/contract/common.js';
import type { SessionDetail, SessionListItem, SessionState } from '../../shared/contract/sessions.js';
import type { Drizzle } from '../db/open.js';
import { deriveSessionState } from '../state/session-state.js';
import { jsonOrText } from '../util/json-text.js';
import { observationView, sessionView, summaryView, type ObservationView, type SessionRow } from './views.js';

/** Sessions, prompts, observations and row counts as the read API, the UI and the CLI read them. */
export class ReadStore {
  constructor(private readonly db: Drizzle) {}

  /**
   * Newest first by when each session started (an imported session sits at its own date, not at
   * the end); `cursor` is the last id of the previous page.
   */
  listSessions(opts: {
    project?: string;
    q?: string;
    limit: number;
    cursor?: number;
  }): Page<SessionListItem> {
    const after = opts.cursor
      ? sql`("sessions"."started_at", "sessions"."id") < (select c.started_at, c.id from sessions c where c.id = ${opts.cursor})`
      : undefined;
    const where = and(
      opts.project ? eq(sessions.project, opts.project) : undefined,
      opts.q ? sessionMatches(opts.q) : undefined,
      after,
    );
    // The subqueries name the outer row as "sessions"."id": drizzle renders ${sessions.id} as a bare
    // "id", which SQLite resolves to the subquery's own table (o.id / s.id), giving wrong counts.
    const rows = this.db
      .select({
        session: sessions,
        observationCount: sql<number>`(select count(*) from observations o where o.session_id = "sessions"."id")`,
        request: sql<
          string | null
        >`(select request from session_summaries s where s.session_id = "sessions"."id")`,
      })
      .from(sessions)
      .where(where)
      .orderBy(desc(sessions.startedAt), desc(sessions.id))
      .limit(opts.limit + 1)
      .all();
    const page = rows.slice(0, opts.limit);
    return {
      items: page.map((r) => ({
        ...sessionView(r.session),
        observationCount: r.observationCount,
        summaryRequest: r.request,
      })),
      nextCursor: rows.length > opts.limit ? page[page.length - 1]!.session.id : null,
    };
  }

  session(id: number): SessionRow | undefined {
    return this.db.select().from(sessions).where(eq(sessions.id, id)).get();
  }

  sessionByClaudeId(claudeSessionId: string): SessionRow | undefined {
    return this.db.select().from(sessions).where(eq(sessions.claudeSessionId, claudeSessionId)).get();
  }

  sessionDetail(id: number): SessionDetail | undefined {
    const s = this.session(id);
    if (!s) return undefined;
    const prompts = this.db
      .select()
      .from(userPrompts)
      .where(eq(userPrompts.sessionId, id))
      .orderBy(asc(userPrompts.promptNumber))
      .all();
    const obs = this.db
      .select()
      .from(observations)
      .where(eq(observations.sessionId, id))
      // In time order: episodes (built when their turn ends) sit at their turn's start.
      .orderBy(asc(observations.createdAt), asc(observations.id))
      .all();
    const summary = this.db.select().from(sessionSummaries).where(eq(sessionSummaries.sessionId, id)).get();
    return {
      session: sessionView(s),
      prompts: prompts.map((p) => ({
        id: p.id,
        promptNumber: p.promptNumber,
        prompt: p.prompt,
        createdAt: p.createdAt,
      })),
      observations: obs.map((o) => observationView(o)),
      summary: summary ? summaryView(summary) : null,
    };
  }

  sessionState(id: number): SessionState | undefined {
    const s = this.session(id);
    if (!s) return undefined;
    const rows = this.db
      .select({ eventName: events.eventName, payload: events.payload, receivedAt: events.receivedAt })
      .from(events)
      .where(eq(events.claudeSessionId, s.claudeSessionId))
      .orderBy(asc(events.receivedAt), asc(events.id))
      .all();
    const evs = rows.map((r) => ({
      eventName: r.eventName,
      receivedAt: r.receivedAt,
      payload: (jsonOrText(r.payload) ?? {}) as Record<string, unknown>,
    }));
    return deriveSessionState(s.claudeSessionId, evs, s.startedAt);
  }

  observation(id: number): ObservationView | undefined {
    const o = this.db.select().from(observations).where(eq(observations.id, id)).get();
    return o ? observationView(o, { raw: true }) : undefined;
  }

  counts() {
    const one = (
      t: typeof sessions | typeof observations | typeof userPrompts | typeof sessionSummaries | typeof events,
    ) => this.db.select({ n: count() }).from(t).get()!.n;
    return {
      sessions: one(sessions),
      prompts: one(userPrompts),
      observations: one(observations),
      summaries: one(sessionSummaries),
      events: one(events),
    };
  }
}

/**
 * A session whose prompts, summary request, project, folder or id contain `q` (case-insensitive
 * for ASCII letters, as SQLite's LIKE; `%` and `_` are taken literally).
 */
function sessionMatches(q: string) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(
    "sessions"."project" like ${like} escape '\\' or "sessions"."cwd" like ${like} escape '\\'
    or "sessions"."claude_session_id" like ${like} escape '\\'
    or "sessions"."first_prompt" like ${like} escape '\\'
    or exists (select 1 from user_prompts p where p.session_id = "sessions"."id" and p.prompt like ${like} escape '\\')
    or exists (select 1 from session_summaries s where s.session_id = "sessions"."id" and s.request like ${like} escape '\\')
  )`;
}
