/**
 * A question about two sessions ("the first session … and later …") needs both on its first page,
 * but the memories of one session share most words and fill every place. When the first five
 * results all come from one session, the best result from another session takes fifth place.
 */
import type Database from 'better-sqlite3';
import type { Hit } from './page.js';
import { valuesOf } from './hit-values.js';
import { SESSION_OF_SQL } from './search-sql.js';

/** Results on a first page. */
const PAGE = 5;
/** How far down the ranking the other session's best result is looked for. */
const LOOK = 30;

/** The session of each of `hits`, by `kind:id` (one statement per kind). */
export const sessionsOf = (stmt: (sql: string) => Database.Statement, hits: Hit[]): Map<string, number> =>
  valuesOf(stmt, hits, SESSION_OF_SQL);

/** `hits` (best first) with fifth place given to another session when the first five share one. */
export function spreadSessions(stmt: (sql: string) => Database.Statement, hits: Hit[]): Hit[] {
  if (hits.length <= PAGE) return hits;
  const head = hits.slice(0, LOOK);
  const session = sessionsOf(stmt, head);
  const of = (h: Hit): number | undefined => session.get(`${h.kind}:${h.id}`);
  const first = of(head[0]!);
  if (head.slice(1, PAGE).some((h) => of(h) !== first)) return hits;
  const other = head.findIndex((h, i) => i >= PAGE && of(h) !== first);
  if (other < 0) return hits;
  const out = [...hits];
  const [moved] = out.splice(other, 1);
  out.splice(PAGE - 1, 0, moved!);
  return out;
}
