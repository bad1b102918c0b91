/**
 * "What did we do last time?", "which files did we change in the last session?", "what did we
 * change last?", "where did we leave off?": a question about the latest session is a search of
 * that session, its project and its span of time, with the words that say "last time" left out
 * (in every session's memories they only match `last` in code). The latest session is the newest
 * one not running now: asked mid-session (the agent, over MCP), the session asking is not "last
 * time". A question left with no words lists that session's newest memories.
 */
import type Database from 'better-sqlite3';
import { NOT_AUTO_MEMORY } from '../ingest/auto-memory.js';
import { leftToAsk } from './intent.js';
import type { Filters } from './search-sql.js';

/** "Last time", "the previous session"; 上次, 上一次会话, 最近一次, 刚才 (just now). */
const LAST_SESSION =
  /\b(?:last|latest|most recent|previous) (?:time|session)\b|上一?次(?:会话)?|最近一次(?:会话)?|刚才/u;
/** A question that ends in "last", "(most) recently" or "lately": "which files did we change last?" */
const ENDS_LAST = /\b(?:last|(?:most )?recently|lately)(?=\s*[?？.!]*\s*$)/u;
/** Picking up where the work stopped: "where did we leave off", 做到哪了 … */
const RESUME = /\bwhere (?:did |had |have )?(?:we|i) (?:leave|left) off\b|做到哪(?:了|儿)?/u;
/**
 * … and, ending the question, "what were we doing?", "the last thing I worked on?" ("… in the
 * parser session" names another), "what's left to do?", "what should I work on next?", "next steps?".
 */
const RESUME_ENDING = new RegExp(
  `\\b(?:${[
    'what (?:were|was) (?:we|i) (?:doing|working on)',
    '(?:the )?last thing (?:we|i) (?:did|worked on|(?:were|was) (?:doing|working on))',
    "what(?:'s| is| was) (?:still )?left(?: to do)?",
    'what (?:do|should|shall) (?:we|i) (?:do|work on|tackle|look at) next',
    'next steps?',
  ].join('|')})(?=\\s*[?？.!]*\\s*$)`,
  'u',
);
const LAST_TIME = new RegExp(
  [LAST_SESSION, ENDS_LAST, RESUME, RESUME_ENDING].map((r) => r.source).join('|'),
  'giu',
);

export interface LatestSession {
  project: string;
  /** The session's span: its first and last activity. */
  since: number;
  until: number;
}

/**
 * The newest session with a memory: one opened and closed without any work (SessionStart, then
 * nothing) is not "last time", nor the session holding Claude Code's auto-memory notes.
 */
const NEWEST_SQL = (project: boolean, running: boolean): string =>
  `SELECT project, started_at AS since, updated_at AS until FROM sessions s
    WHERE 1${project ? ' AND project = :project' : ''}${running ? '' : " AND status != 'active'"}
      AND ${NOT_AUTO_MEMORY} AND EXISTS (SELECT 1 FROM observations o WHERE o.session_id = s.id)
    ORDER BY updated_at DESC LIMIT 1`;

/** Whether `question` asks about the latest session. */
export const asksLatest = (question: string): boolean => question.search(LAST_TIME) >= 0;

/** `question` without the words that say "last time". */
export const withoutLatest = (question: string): string => question.replace(LAST_TIME, ' ');

/**
 * The latest session with a memory (of `project`, when given) that is not running now, else the
 * latest of all; null when there is none.
 */
function latestSession(
  stmt: (sql: string) => Database.Statement,
  project: string | undefined,
): LatestSession | null {
  const bind = project !== undefined ? { project } : {};
  const newest = (running: boolean): LatestSession | undefined =>
    stmt(NEWEST_SQL(project !== undefined, running)).get(bind) as LatestSession | undefined;
  return newest(false) ?? newest(true) ?? null;
}

/**
 * `p` as a search of the latest session (of `p.project`, else of `p.prefer`, else of any project)
 * when its question asks about "last time" and it sets no span of time itself, and that session;
 * `p` itself otherwise. The question keeps its other words, or none when nothing else is asked.
 */
export function inLatestSession<P extends Filters & { q: string; prefer?: string | undefined }>(
  stmt: (sql: string) => Database.Statement,
  p: P,
): { p: P; session?: LatestSession } {
  if (p.since !== undefined || p.until !== undefined || !asksLatest(p.q)) return { p };
  const s = latestSession(stmt, p.project ?? p.prefer);
  if (s === null) return { p };
  const q = leftToAsk(withoutLatest(p.q), s.project);
  return { p: { ...p, q, project: s.project, since: s.since, until: s.until }, session: s };
}
