/**
 * The session a question is about. Its words name the work ("when the threads were added", "the
 * outside-link work", "the config file"), and one session's memories and prompts hold them far more
 * often than the others': of the sessions among the best LOOK hits, the one whose summed log-lift
 * clearly leads (word-sessions.ts, as a project is inferred). Its hits among those count FOCUS
 * times, so its memories that hold fewer of the words (the file written, the command run) come up
 * beside the turn summaries that hold most of them. No session leads: nothing changes.
 */
import type Database from 'better-sqlite3';
import type { Hit } from './page.js';
import { sessionsOf } from './spread.js';
import { countBy, leader, type WordSessions } from './word-sessions.js';

/** How far down the ranking sessions are candidates, and their hits lifted. */
const LOOK = 30;
/**
 * As much as a project the question is asked from counts (prefer.ts); 1.25 and 3 did no better on
 * the dev sets.
 */
const FOCUS = 2;

/**
 * A session is read from a question, not from a keyword or two: a search for `gcra` or a path
 * ranks by those words already, and need not pay for counting them by session.
 */
const MIN_WORDS = 3;

/** Rows (memories and prompts) of each of the sessions `:s` (a JSON array of ids). */
const SIZES_SQL = `SELECT session, sum(n) AS n FROM (
    SELECT session_id AS session, count(*) AS n FROM observations
      WHERE session_id IN (SELECT value FROM json_each(:s)) GROUP BY session_id
  UNION ALL
    SELECT session_id AS session, count(*) AS n FROM user_prompts
      WHERE session_id IN (SELECT value FROM json_each(:s)) GROUP BY session_id
  ) GROUP BY session`;

type Stmt = (sql: string) => Database.Statement;

/** `hits` (best first) with the hits of the session the question is about lifted; the same order otherwise. */
export function focusSession(stmt: Stmt, where: WordSessions, hits: Hit[], words: string[]): Hit[] {
  if (words.length < MIN_WORDS || hits.length < 2) return hits;
  const head = hits.slice(0, LOOK);
  const session = sessionsOf(stmt, head);
  const candidates = [...new Set(session.values())];
  if (candidates.length < 2) return hits;
  const rows = stmt(SIZES_SQL).all({ s: JSON.stringify(candidates) }) as Array<{
    session: number;
    n: number;
  }>;
  const sizes = new Map(rows.map((r) => [r.session, r.n]));
  const about = leader(
    sizes,
    words.map((w) => countBy(where.of(w), (r) => r.session, sizes)),
  );
  if (about === null) return hits;
  const lifted = head
    .map((h, i) => ({
      h: session.get(`${h.kind}:${h.id}`) === about ? { ...h, score: h.score * FOCUS } : h,
      i,
    }))
    .sort((a, b) => b.h.score - a.h.score || a.i - b.i)
    .map((x) => x.h);
  return [...lifted, ...hits.slice(LOOK)];
}
