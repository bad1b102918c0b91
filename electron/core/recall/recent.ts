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

export class RecentFeed {
  private readonly prompts: Database.Statement;
  private readonly observations: Database.Statement;
  private readonly summaries: Database.Statement;

  constructor(db: Database.Database) {
    this.prompts = db.prepare(`SELECT p.id, p.session_id AS sessionId, s.project, p.prompt, p.created_at AS at
      FROM user_prompts p JOIN sessions s ON s.id = p.session_id
      WHERE p.created_at < :before ${inProject} ORDER BY p.created_at DESC, p.id DESC LIMIT :limit`);
    this.observations = db.prepare(`SELECT o.id, o.session_id AS sessionId, s.project, o.type, o.title,
        o.subtitle, o.tool_name AS toolName, o.failed, o.created_at AS at
      FROM observations o JOIN sessions s ON s.id = o.session_id
      WHERE o.created_at < :before ${inProject} ORDER BY o.created_at DESC, o.id DESC LIMIT :limit`);
    this.summaries = db.prepare(`SELECT x.id, x.session_id AS sessionId, s.project, x.request, x.completed,
        x.learned, s.updated_at AS at
      FROM sessions s JOIN session_summaries x ON x.session_id = s.id
      WHERE s.updated_at < :before ${inProject} ORDER BY s.updated_at DESC, s.id DESC LIMIT :limit`);
  }

  page(
    project: string | null,
    limit: number,
    before: number,
  ): { items: RecentItem[]; nextBefore: number | null } {
    const p = { project, limit: limit + 1, before };
    type P = { id: number; sessionId: number; project: string; prompt: string; at: number };
    type O = P & {
      type: string | null;
      title: string | null;
      subtitle: string | null;
      toolName: string;
      failed: number;
    };
    type S = P & { request: string | null; completed: string | null; learned: string | null };
    const all: RecentItem[] = [
      ...(this.prompts.all(p) as P[]).map((r) => ({
        kind: 'prompt' as const,
        id: r.id,
        sessionId: r.sessionId,
        project: r.project,
        type: null,
        title: oneLine(r.prompt, 240),
        detail: null,
        at: r.at,
      })),
      ...(this.observations.all(p) as O[]).map((r) => ({
        kind: r.failed ? ('failure' as const) : ('observation' as const),
        id: r.id,
        sessionId: r.sessionId,
        project: r.project,
        type: r.type,
        title: oneLine(r.title ?? r.toolName, 200),
        detail: r.subtitle ? oneLine(r.subtitle, 240) : null,
        at: r.at,
      })),
      ...(this.summaries.all(p) as S[]).map((r) => ({
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
    const items = all.slice(0, limit);
    return { items, nextBefore: all.length > limit ? (items.at(-1)?.at ?? null) : null };
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
