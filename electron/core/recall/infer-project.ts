/**
 * The project a question is about, when it says so in its own words ("the link checker", "the
 * rotator's ignore file", "库存服务") rather than by name. Each of the question's words is evidence:
 * how much more often it occurs in one project's memories and prompts than in all of them (its
 * lift, from the newest SAMPLE rows holding it, smoothed so that a small project's few rows
 * weigh little). A project is inferred when its summed log-lift
 * leads the next one's by MARGIN (e² ≈ 7 times as likely); the search then ranks as if asked from
 * it (prefer.ts), which lifts its memories without hiding anyone else's.
 */
import type Database from 'better-sqlite3';
import { term } from './query.js';

/** Rows of each word looked at (the newest), and the lead in summed log-lift a project needs. */
const SAMPLE = 200;
const MARGIN = 2;
/** How many rows' worth of the word's overall share each project's count starts from. */
const MU = 10;
/** The per-project row counts are counted again once the memories grew by this share. */
const RECOUNT = 0.05;

const COUNT_BY_WORD = `SELECT project, sum(n) AS n FROM (
    SELECT s.project AS project, count(*) AS n
    FROM (SELECT rowid AS id FROM observations_fts WHERE observations_fts MATCH :m ORDER BY rowid DESC LIMIT ${SAMPLE}) x
    JOIN observations o ON o.id = x.id JOIN sessions s ON s.id = o.session_id GROUP BY s.project
  UNION ALL
    SELECT s.project AS project, count(*) AS n
    FROM (SELECT rowid AS id FROM prompts_fts WHERE prompts_fts MATCH :m ORDER BY rowid DESC LIMIT ${SAMPLE}) x
    JOIN user_prompts p ON p.id = x.id JOIN sessions s ON s.id = p.session_id GROUP BY s.project
  ) GROUP BY project`;

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
export function inferProject(stmt: Stmt, sizes: ProjectSizes, words: string[]): string | null {
  const size = sizes.get(stmt);
  if (words.length === 0 || size.size < 2) return null;
  const total = [...size.values()].reduce((a, b) => a + b, 0);
  const lift = new Map<string, number>([...size.keys()].map((p) => [p, 0]));
  for (const w of words) {
    const rows = stmt(COUNT_BY_WORD).all({ m: term(w, false) }) as Array<{ project: string; n: number }>;
    const all = rows.reduce((a, r) => a + r.n, 0);
    if (all === 0) continue;
    const base = Math.min(all / total, 1);
    for (const [p, n] of size) {
      const c = rows.find((r) => r.project === p)?.n ?? 0;
      // Smoothed towards the word's share in all projects (MU rows' worth): a small project's
      // one matching row is weak evidence, not certainty.
      lift.set(p, lift.get(p)! + Math.log((c + MU * base) / (n + MU) / base));
    }
  }
  const [first, second] = [...lift.entries()].sort((a, b) => b[1] - a[1]);
  return first && second && first[1] - second[1] >= MARGIN ? first[0] : null;
}
