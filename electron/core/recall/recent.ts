/**
 * `GET /api/recent`: the newest prompts, observations (failures apart) and summaries, merged by
 * when the work happened: a prompt or an observation at its own time, a session's summary at the
 * session's last activity (not when the summary was written: an import summarises weeks-old
 * sessions today). Each is read newest first up to `limit` rows from an index on that time
 * (ids do not follow it: an import adds old rows after new ones), so a page costs three short
 * index walks.
 */
import type Database from 'better-sqlite3';
import { recentPageSchema, recentQuerySchema, type RecentItem } from '../../shared/contract/recent.js';
import { VERBS } from '../../shared/contract/verbs.js';
import { type Route, validate, verbRoute } from '../server/http.js';
import { oneLine } from './titles.js';

const MAX = Number.MAX_SAFE_INTEGER;
const inProject = 'AND (:project IS NULL OR s.project = :project)';
/** At most this many rows of one table sharing one instant are listed with it (see `page`). */
const TIE_MAX = 500;

type Row = { id: number; sessionId: number; project: string; at: number };
type P = Row & { prompt: string };
type O = Row & {
  type: string | null;
  title: string | null;
  subtitle: string | null;
  toolName: string;
  failed: number;
};
type S = Row & { request: string | null; completed: string | null; learned: string | null };

/** The three tables' reads, newest first: the rows before an instant (`<`), or those at it (`=`). */
interface Reads {
  prompts: Database.Statement;
  observations: Database.Statement;
  summaries: Database.Statement;
}

function reads(db: Database.Database, cmp: '<' | '='): Reads {
  return {
    prompts: db.prepare(`SELECT p.id, p.session_id AS sessionId, s.project, p.prompt, p.created_at AS at
      FROM user_prompts p JOIN sessions s ON s.id = p.session_id
      WHERE p.created_at ${cmp} :before ${inProject} ORDER BY p.created_at DESC, p.id DESC LIMIT :limit`),
    observations: db.prepare(`SELECT o.id, o.session_id AS sessionId, s.project, o.type, o.title,
        o.subtitle, o.tool_name AS toolName, o.failed, o.created_at AS at
      FROM observations o JOIN sessions s ON s.id = o.session_id
      WHERE o.created_at ${cmp} :before ${inProject} ORDER BY o.created_at DESC, o.id DESC LIMIT :limit`),
    summaries: db.prepare(`SELECT x.id, x.session_id AS sessionId, s.project, x.request, x.completed,
        x.learned, s.updated_at AS at
      FROM sessions s JOIN session_summaries x ON x.session_id = s.id
      WHERE s.updated_at ${cmp} :before ${inProject} ORDER BY s.updated_at DESC, s.id DESC LIMIT :limit`),
  };
}

export class RecentFeed {
  private readonly older: Reads;
  private readonly at: Reads;

  constructor(db: Database.Database) {
    this.older = reads(db, '<');
    this.at = reads(db, '=');
  }

  /**
   * The newest `limit` items before `before`. A page never ends inside a group of items of the same
   * instant (a message's parallel tool calls, an import's rows): the next page starts strictly
   * before the last item's time, so the rest of such a group would be skipped. The page takes the
   * whole group instead (up to TIE_MAX rows of each table), a few items more than `limit`.
   */
  page(
    project: string | null,
    limit: number,
    before: number,
  ): { items: RecentItem[]; nextBefore: number | null } {
    const { items: all, full } = this.read(this.older, { project, limit: limit + 1, before });
    if (all.length <= limit) return { items: all, nextBefore: null };
    const last = all[limit - 1]!.at;
    const tied = all[limit]!.at === last;
    const items = tied
      ? [
          ...all.filter((i) => i.at > last),
          ...this.read(this.at, { project, limit: TIE_MAX, before: last }).items,
        ]
      : all.slice(0, limit);
    // Older items exist when one was read, or when a table filled its read with items this recent.
    const more = all.some((i) => i.at < last) || full;
    return { items, nextBefore: more ? last : null };
  }

  /** Each table's rows as items, merged newest first; `full`: some table returned `limit` rows. */
  private read(
    q: Reads,
    p: { project: string | null; limit: number; before: number },
  ): {
    items: RecentItem[];
    full: boolean;
  } {
    const prompts = q.prompts.all(p) as P[];
    const observations = q.observations.all(p) as O[];
    const summaries = q.summaries.all(p) as S[];
    const items: RecentItem[] = [
      ...prompts.map((r) => ({
        kind: 'prompt' as const,
        id: r.id,
        sessionId: r.sessionId,
        project: r.project,
        type: null,
        title: oneLine(r.prompt, 240),
        detail: null,
        at: r.at,
      })),
      ...observations.map((r) => ({
        kind: r.failed ? ('failure' as const) : ('observation' as const),
        id: r.id,
        sessionId: r.sessionId,
        project: r.project,
        type: r.type,
        title: oneLine(r.title ?? r.toolName, 200),
        detail: r.subtitle ? oneLine(r.subtitle, 240) : null,
        at: r.at,
      })),
      ...summaries.map((r) => ({
        kind: 'summary' as const,
        id: r.id,
        sessionId: r.sessionId,
        project: r.project,
        type: null,
        title: oneLine(r.request ?? 'Session summary', 240),
        detail: r.completed || r.learned ? oneLine((r.completed || r.learned)!, 240) : null,
        at: r.at,
      })),
    ].sort((a, b) => b.at - a.at || b.id - a.id);
    const full = [prompts, observations, summaries].some((rows) => rows.length >= p.limit);
    return { items, full };
  }
}

export function recentRoute(feed: RecentFeed): Route {
  return verbRoute(VERBS.getRecent, {
    handler: ({ query }) => {
      const q = validate(
        recentQuerySchema,
        {
          project: query.get('project') || undefined,
          limit: query.get('limit') ?? undefined,
          before: query.get('before') ?? undefined,
        },
        'query',
      );
      return { json: recentPageSchema.parse(feed.page(q.project ?? null, q.limit, q.before ?? MAX)) };
    },
  });
}
