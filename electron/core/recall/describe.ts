/**
 * "What is turnstile?", "what does anchorage do?": a project named and nothing else asked is
 * described by what it was first asked to be ("new project: anchorage, a link checker for our
 * markdown docs…"), which later asks ("commit it", "bump to 0.2.0") mention by name as often. Of
 * the best asks found (prompts, turns), the earliest comes first; the rest keep their order.
 */
import type Database from 'better-sqlite3';
import { hitKey } from './cursor.js';
import { valuesOf } from './hit-values.js';
import type { Hit } from './page.js';
import type { Kind } from './search-sql.js';

/** How far down the ranking the first ask is looked for. */
const LOOK = 10;

/** When each ask (a prompt, a turn) happened; other memories have no row. */
const ASKED_AT: Record<Kind, string> = {
  observation: `SELECT id, created_at FROM observations
    WHERE id IN (SELECT value FROM json_each(?)) AND type = 'episode'`,
  prompt: 'SELECT id, created_at FROM user_prompts WHERE id IN (SELECT value FROM json_each(?))',
  summary: 'SELECT id, 0 FROM session_summaries WHERE 0 AND id IN (SELECT value FROM json_each(?))',
};

/** `hits` with the earliest ask among the best LOOK first. */
export function firstAskFirst(stmt: (sql: string) => Database.Statement, hits: Hit[]): Hit[] {
  const top = hits.slice(0, LOOK);
  const at = valuesOf(stmt, top, ASKED_AT);
  let first: Hit | undefined;
  for (const h of top) {
    const t = at.get(hitKey(h));
    if (t !== undefined && (first === undefined || t < at.get(hitKey(first))!)) first = h;
  }
  return first === undefined ? hits : [first, ...hits.filter((h) => h !== first)];
}
