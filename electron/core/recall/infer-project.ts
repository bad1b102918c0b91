/**
 * The project a question is about, when it says so in its own words ("the link checker", "the
 * rotator's ignore file", "库存服务") rather than by name. Each of the question's words is evidence:
 * how much more often it occurs in one project's memories and prompts than in all of them (its
 * lift, from the newest rows holding it: word-sessions.ts). A project is inferred when its summed
 * log-lift clearly leads the next one's (`leader`); the search then ranks as if asked from it
 * (prefer.ts), which lifts its memories without hiding anyone else's.
 */
import type Database from 'better-sqlite3';
import { countBy, leader, type WordSessions } from './word-sessions.js';

/** The per-project row counts are counted again once the memories grew by this share. */
const RECOUNT = 0.05;

const COUNT_ALL = `SELECT s.project AS project, sum(c.n) AS n
  FROM (SELECT session_id, count(*) AS n FROM observations GROUP BY session_id
        UNION ALL SELECT session_id, count(*) AS n FROM user_prompts GROUP BY session_id) c
  JOIN sessions s ON s.id = c.session_id GROUP BY s.project`;

const NEWEST = 'SELECT coalesce(max(id), 0) FROM observations';

type Stmt = (sql: string) => Database.Statement;

/** Rows per project (memories and prompts), counted again when the memories grew by RECOUNT. */
export class ProjectSizes {
  private sizes = new Map<string, number>();
  private countedAt = -1;

  get(stmt: Stmt): Map<string, number> {
    const newest = stmt(NEWEST).pluck().get() as number;
    if (this.countedAt < 0 || newest > this.countedAt * (1 + RECOUNT) || newest < this.countedAt) {
      const rows = stmt(COUNT_ALL).all() as Array<{ project: string; n: number }>;
      this.sizes = new Map(rows.map((r) => [r.project, r.n]));
      this.countedAt = newest;
    }
    return this.sizes;
  }
}

/** `words`: the question's words. Null when no project clearly leads (or there is only one). */
export function inferProject(
  stmt: Stmt,
  sizes: ProjectSizes,
  where: WordSessions,
  words: string[],
): string | null {
  const size = sizes.get(stmt);
  if (words.length === 0) return null;
  return leader(
    size,
    words.map((w) => countBy(where.of(w), (r) => r.project, size)),
  );
}
