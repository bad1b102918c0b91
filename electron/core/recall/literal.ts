/**
 * A query typed as keywords ("cargo test", "gitignore") looks for those words as typed: side by
 * side, and themselves rather than their alternatives. bm25 ranks a memory that holds `cargo` and
 * `test` apart (a `cargo fmt` run whose output says "test") or holds only an alternative (`0
 * ignored` in every test run for "gitignore") as high as the one that holds the phrase. So of the
 * best hits, those that hold the typed text as an FTS5 phrase come first, each part in its own
 * order. One lookup per kind: the phrase is matched at the hits' rowids only.
 */
import type Database from 'better-sqlite3';
import { SEARCH_KINDS } from '../../shared/contract/search.js';
import { hasCjk } from '../db/identifiers.js';
import { alternativesOf } from './lexicon.js';
import type { Hit } from './page.js';
import { matchAtSql } from './search-sql.js';

/**
 * How many of the best hits are looked at: a first page (the popup's). At a million memories, 20
 * cost nothing measurable and 50 added 0.9 ms to a two-word query's median (paired, warm).
 */
const LOOKED_AT = 20;
/** Typed text longer than this is not keywords. */
const MAX_TEXT = 120;

/**
 * The typed text as one FTS5 phrase, or null when there is nothing to tell apart: one word with no
 * alternatives (every hit holds it), or no words. `words`: the words searched for.
 */
export function literalPhrase(text: string, words: readonly string[]): string | null {
  const t = text.trim();
  if (t === '' || t.length > MAX_TEXT || hasCjk(t) || !/[\p{L}\p{N}]/u.test(t)) return null;
  if (words.length === 0 || (words.length === 1 && alternativesOf(words[0]!).length === 0)) return null;
  return `"${t.replace(/"/g, '""')}"`;
}

/**
 * `hits` (best first) with those of the best LOOKED_AT that hold `phrase` first; `hits` itself
 * when none or all of them hold it.
 */
export function literalFirst(stmt: (sql: string) => Database.Statement, hits: Hit[], phrase: string): Hit[] {
  const top = hits.slice(0, LOOKED_AT);
  const holding = new Set<string>();
  for (const kind of SEARCH_KINDS) {
    const ids = top.filter((h) => h.kind === kind).map((h) => h.id);
    if (ids.length === 0) continue;
    const found = stmt(matchAtSql(kind)).pluck().all(phrase, JSON.stringify(ids)) as number[];
    for (const id of found) holding.add(`${kind}:${id}`);
  }
  if (holding.size === 0 || holding.size === top.length) return hits;
  const holds = (h: Hit): boolean => holding.has(`${h.kind}:${h.id}`);
  return [...top.filter(holds), ...top.filter((h) => !holds(h)), ...hits.slice(LOOKED_AT)];
}
