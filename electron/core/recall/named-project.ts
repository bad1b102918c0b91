/**
 * The project a question names outright ("how do I run the tests for logrot"). Within that
 * project, its name says where to look, not what to find: the memory that answers (`make test`)
 * rarely repeats it, while every command that runs `./logrot` does. A search asked about a named
 * project ranks as if asked from it (prefer.ts), and there the name's words are optional
 * (intent.ts, `readQuestion`'s scope).
 */
import type Database from 'better-sqlite3';

/** Names shorter than this (`ui`, `db`) are words of questions about every project. */
const MIN_NAME = 3;
/** A letter, digit or underscore: a name inside a longer word is not that name. */
const WORD_CHAR = /[\p{L}\p{N}_]/u;
/** A name inside a path, an identifier or a dotted id (`/src/logrot/`, `spotter-dov.2`). */
const JOINER = /[-./\\:]/;

const NAMES_SQL = 'SELECT name FROM projects';

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
 * The one known project `question` names, or null: none, two, or a name that begins others (the
 * user's `spotter` may mean its worktree `spotter-dov` too).
 */
export function namedProject(stmt: (sql: string) => Database.Statement, question: string): string | null {
  const names = stmt(NAMES_SQL).pluck().all() as string[];
  const named = names.filter((n) => namesProject(question, n));
  if (named.length !== 1) return null;
  const name = named[0]!.toLowerCase();
  const family = names.some((n) => n.toLowerCase().startsWith(name) && JOINER.test(n[name.length] ?? ''));
  return family ? null : named[0]!;
}
