/**
 * The project a question names outright ("how do I run the tests for logrot"). Within that
 * project, its name says where to look, not what to find: the memory that answers (`make test`)
 * rarely repeats it, while every command that runs `./logrot` does. A search about a named project
 * is confined to it, and there the name's words are optional when nothing else but frame words is
 * asked (intent.ts, `readQuestion`'s scope).
 */
import type Database from 'better-sqlite3';
import { parseQuery } from './query.js';
import type { WordRows } from './word-sessions.js';

/** Names shorter than this (`ui`, `db`) are words of questions about every project. */
const MIN_NAME = 3;
/** A letter, digit or underscore: a name inside a longer word is not that name. */
const WORD_CHAR = /[\p{L}\p{N}_]/u;
/** A name inside a path, an identifier or a dotted id (`/src/logrot/`, `spotter-dov.2`). */
const JOINER = /[-./\\:]/;

const NAMES_SQL = 'SELECT name FROM projects';
/** The share of a word's rows that must lie in the project for the word to name it. */
const DISTINCT = 0.5;

/** Whether `text` holds `name` as a word of its own, not as part of a path or identifier. */
export function namesProject(text: string, name: string): boolean {
  const t = text.toLowerCase();
  const n = name.toLowerCase();
  if ([...n].length < MIN_NAME) return false;
  for (let i = t.indexOf(n); i >= 0; i = t.indexOf(n, i + 1)) {
    const before = t[i - 1] ?? ' ';
    const after = t[i + n.length] ?? ' ';
    const next = t[i + n.length + 1] ?? ' ';
    if (WORD_CHAR.test(before) || JOINER.test(before) || WORD_CHAR.test(after)) continue;
    if (JOINER.test(after) && WORD_CHAR.test(next)) continue;
    return true;
  }
  return false;
}

/**
 * The one known project `question` names, or null: none, two, a name that begins others (the
 * user's `spotter` may mean its worktree `spotter-dov` too), or a name that is a word of every
 * project's work (a project called `test` or `app`): one of its words must have at least DISTINCT
 * of its newest rows (`rowsOf`, word-sessions.ts) in that project.
 */
export function namedProject(
  stmt: (sql: string) => Database.Statement,
  question: string,
  rowsOf: (word: string) => WordRows[],
): string | null {
  const names = stmt(NAMES_SQL).pluck().all() as string[];
  const named = names.filter((n) => namesProject(question, n));
  if (named.length !== 1) return null;
  const name = named[0]!;
  const lower = name.toLowerCase();
  if (names.some((n) => n.toLowerCase().startsWith(lower) && JOINER.test(n[lower.length] ?? ''))) return null;
  const share = (word: string): number => {
    const rows = rowsOf(word);
    const all = rows.reduce((a, r) => a + r.n, 0);
    return all === 0 ? 0 : rows.filter((r) => r.project === name).reduce((a, r) => a + r.n, 0) / all;
  };
  return parseQuery(name).tokens.some((w) => share(w) >= DISTINCT) ? name : null;
}
