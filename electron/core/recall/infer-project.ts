/**
 * The project a question is about, when it says so in its own words ("the link checker", "the
 * rate limiter", "库存服务") rather than by name: the prompts that match the question's words best
 * (the first prompt of a project usually says what it is), summed per project. A project is
 * inferred only when it clearly leads (MARGIN times the next one); the search then ranks as if
 * asked from it (prefer.ts), which lifts its memories without hiding anyone else's.
 */
import type Database from 'better-sqlite3';
import { term } from './query.js';

/** Prompts looked at (the best by bm25), and how far the first project must lead the second. */
const TOP = 40;
const MARGIN = 2;

const SQL = `SELECT s.project AS project, sum(m.score) AS score
  FROM (SELECT rowid AS id, -bm25(prompts_fts) AS score FROM prompts_fts WHERE prompts_fts MATCH ?
        ORDER BY score DESC LIMIT ${TOP}) m
  JOIN user_prompts p ON p.id = m.id JOIN sessions s ON s.id = p.session_id
  GROUP BY s.project ORDER BY score DESC LIMIT 2`;

/** `words`: the question's rare words (dense ones cost bm25 a whole doclist and say little). */
export function inferProject(stmt: (sql: string) => Database.Statement, words: string[]): string | null {
  if (words.length === 0) return null;
  const rows = stmt(SQL).all(words.map((w) => term(w, false)).join(' OR ')) as Array<{
    project: string;
    score: number;
  }>;
  const [first, second] = rows;
  if (!first || first.score <= 0) return null;
  return !second || first.score >= MARGIN * second.score ? first.project : null;
}
