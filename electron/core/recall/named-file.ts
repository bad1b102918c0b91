/**
 * A question that names a file ("what did we change in config.c?", "history of src/app.js") is
 * about that file. Its name splits into common words (`config`, `c`), which rank every memory of a
 * config feature as high as the edits of the file. So of the best hits, the memories that read or
 * wrote a file of that name come first, each part in its own order: one lookup at those hits' ids.
 */
import type Database from 'better-sqlite3';
import type { Hit } from './page.js';

/** How many of the best hits are looked at: a first page and the next. */
const LOOKED_AT = 20;
/** At most this many file names are taken from a question. */
const MAX_NAMES = 3;

/**
 * A file name: an optional folder path, a name and an extension that starts with a letter
 * (`main.c`, `src/app.js`, `.gitignore`, `Cargo.toml`), set apart by spaces, quotes or punctuation;
 * not a version (`0.2.0`) nor an abbreviation's dots (`e.g.`).
 */
const FILE_NAME =
  /(?<![\p{L}\p{N}_./-])((?:[\w.-]+\/)*[\w-]*\.[a-z][a-z0-9]{0,15})(?![\p{L}\p{N}_/-]|\.[\p{L}\p{N}])/giu;

/** The file names `question` holds, lower-cased (none: an empty list). */
export function namedFiles(question: string): string[] {
  const names = new Set<string>();
  for (const m of question.slice(0, 500).matchAll(FILE_NAME)) {
    const name = m[1]!.toLowerCase();
    if (!/^(?:e\.g|i\.e|etc)$/.test(name) && !/^\.+$/.test(name)) names.add(name);
    if (names.size >= MAX_NAMES) break;
  }
  return [...names];
}

/**
 * Of the ids given (`:ids`, a JSON array), the observations that read or wrote (`column`) a file
 * whose path is one of the names given (`:names`, a JSON array), or ends with `/` and one of them.
 */
const touchingSql = (column: 'files_read' | 'files_modified'): string =>
  `SELECT o.id FROM observations o,
    json_each(CASE WHEN json_valid(o.${column}) THEN o.${column} ELSE '[]' END) f
  WHERE o.id IN (SELECT value FROM json_each(:ids)) AND EXISTS (SELECT 1 FROM json_each(:names) n
    WHERE lower(f.value) = n.value OR substr(lower(f.value), -length(n.value) - 1) = '/' || n.value)`;
const TOUCHING_SQL = `${touchingSql('files_modified')} UNION ${touchingSql('files_read')}`;

/**
 * `hits` (best first) with those of the best LOOKED_AT that read or wrote one of `names` first;
 * `hits` itself when none or all of them did.
 */
export function fileFirst(stmt: (sql: string) => Database.Statement, hits: Hit[], names: string[]): Hit[] {
  const top = hits.slice(0, LOOKED_AT);
  const ids = top.filter((h) => h.kind === 'observation').map((h) => h.id);
  if (ids.length === 0 || names.length === 0) return hits;
  const touching = new Set(
    stmt(TOUCHING_SQL)
      .pluck()
      .all({ ids: JSON.stringify(ids), names: JSON.stringify(names) }) as number[],
  );
  const touches = (h: Hit): boolean => h.kind === 'observation' && touching.has(h.id);
  const first = top.filter(touches);
  if (first.length === 0 || first.length === top.length) return hits;
  return [...first, ...top.filter((h) => !touches(h)), ...hits.slice(LOOKED_AT)];
}
