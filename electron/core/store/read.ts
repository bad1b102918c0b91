/** Read-side queries behind the read API, the UI and the CLI. */
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  events,
  jobs,
  observations,
  projects,
  sessions,
  sessionSummaries,
  userPrompts,
} from '../../../drizzle/schema.js';
import type { Page } from '../../shared/contract/common.js';
import type { Observation } from '../../shared/contract/observations.js';
import type { Project } from '../../shared/contract/projects.js';
import type { QueueCounts } from '../../shared/contract/queue.js';
import type {
  Session,
  SessionDetail,
  SessionListItem,
  SessionState,
  Summary,
} from '../../shared/contract/sessions.js';
import type { Drizzle } from '../db/open.js';
import { deriveSessionState } from '../state/session-state.js';

export type SessionRow = typeof sessions.$inferSelect;
export type ObservationRow = typeof observations.$inferSelect;
export type SummaryRow = typeof sessionSummaries.$inferSelect;

const parseList = (v: string | null): string[] => {
  if (!v) return [];
  try {
    const p = JSON.parse(v) as unknown;
    return Array.isArray(p) ? p.map(String) : [];
  } catch {
    return [];
  }
};
const parseJson = (v: string | null): unknown => {
  if (v === null) return null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/** A session as the API returns it (the contract's `Session`: internal columns left out). */
export function sessionView(s: SessionRow): Session {
  return {
    id: s.id,
    claudeSessionId: s.claudeSessionId,
    project: s.project,
    cwd: s.cwd,
    transcriptPath: s.transcriptPath,
    firstPrompt: s.firstPrompt,
    promptCounter: s.promptCounter,
    status: s.status,
    completionReason: s.completionReason,
    startedAt: s.startedAt,
    updatedAt: s.updatedAt,
    completedAt: s.completedAt,
  };
}

/** An observation as the API returns it: JSON columns decoded. */
export function observationView(o: ObservationRow, opts: { raw?: boolean } = {}): Observation {
  return {
    id: o.id,
    sessionId: o.sessionId,
    promptNumber: o.promptNumber,
    toolName: o.toolName,
    toolUseId: o.toolUseId,
    failed: o.failed,
    cwd: o.cwd,
    createdAt: o.createdAt,
    type: o.type,
    title: o.title,
    subtitle: o.subtitle,
    facts: parseList(o.facts),
    narrative: o.narrative,
    concepts: parseList(o.concepts),
    filesRead: parseList(o.filesRead),
    filesModified: parseList(o.filesModified),
    producedBy: o.producedBy,
    status: o.status,
    ...(opts.raw ? { toolInput: parseJson(o.toolInput), toolResponse: parseJson(o.toolResponse) } : {}),
  };
}
export type ObservationView = Observation;

export function summaryView(s: SummaryRow): Summary {
  return {
    id: s.id,
    sessionId: s.sessionId,
    promptNumber: s.promptNumber,
    request: s.request,
    investigated: s.investigated,
    learned: s.learned,
    completed: s.completed,
    nextSteps: s.nextSteps,
    filesRead: parseList(s.filesRead),
    filesEdited: parseList(s.filesEdited),
    notes: s.notes,
    producedBy: s.producedBy,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
export type SummaryView = Summary;

export class ReadStore {
  constructor(private readonly db: Drizzle) {}

  /** Newest first; `cursor` is the last id of the previous page. */
  listSessions(opts: { project?: string; limit: number; cursor?: number }): Page<SessionListItem> {
    const where = and(
      opts.project ? eq(sessions.project, opts.project) : undefined,
      opts.cursor ? lt(sessions.id, opts.cursor) : undefined,
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
      .orderBy(desc(sessions.id))
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
      payload: (parseJson(r.payload) ?? {}) as Record<string, unknown>,
    }));
    return deriveSessionState(s.claudeSessionId, evs, s.startedAt);
  }

  observation(id: number): ObservationView | undefined {
    const o = this.db.select().from(observations).where(eq(observations.id, id)).get();
    return o ? observationView(o, { raw: true }) : undefined;
  }

  listProjects(): Project[] {
    return this.db
      .select({
        name: projects.name,
        rootPath: projects.rootPath,
        captureEnabled: projects.captureEnabled,
        skippedEvents: projects.skippedEvents,
        createdAt: projects.createdAt,
        lastActivityAt: projects.lastActivityAt,
        sessionCount: sql<number>`(select count(*) from sessions s where s.project = ${projects.name})`,
        observationCount: sql<number>`(select count(*) from observations o join sessions s on s.id = o.session_id where s.project = ${projects.name})`,
      })
      .from(projects)
      .orderBy(desc(sql`coalesce(${projects.lastActivityAt}, ${projects.createdAt})`))
      .all();
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

  /** Jobs per status, and the age at `now` of the oldest one waiting (as `JobQueue.counts` counts them). */
  queueCounts(now: number): QueueCounts {
    const rows = this.db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status).all();
    const out: QueueCounts = { pending: 0, leased: 0, done: 0, failed: 0, oldestPendingAgeMs: null };
    for (const r of rows) out[r.status] = r.n;
    const oldest = this.db
      .select({ t: sql<number | null>`min(${jobs.createdAt})` })
      .from(jobs)
      .where(inArray(jobs.status, ['pending', 'leased']))
      .get();
    if (oldest?.t != null) out.oldestPendingAgeMs = Math.max(0, now - oldest.t);
    return out;
  }
}
