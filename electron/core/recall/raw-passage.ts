/**
 * A memory keeps what its tool call wrote and printed in bounded facts; the call's own input and
 * output (redacted when stored) hold the rest: the line of a long file past its first lines, a
 * heap summary in the middle of a run's output. When an observation's snippet leaves out some of the
 * question's words and the memory's own text lacks them too, the passages of its call's input and
 * output that hold the most of them are shown under it (`↳ …`).
 */
import type Database from 'better-sqlite3';
import { flat } from './shape.js';
import { leftOut, missingPassage } from './missing-passage.js';

/** The text read of the call's input and of its output, at most, each. */
const TEXT_MAX = 20_000;
/** A column this long or shorter is parsed as JSON; a longer one is read cut, as text. */
const PARSE_MAX = 64 * 1024;
const column = (c: string): string =>
  `CASE WHEN length(${c}) <= ${PARSE_MAX} THEN ${c} ELSE substr(${c}, 1, ${TEXT_MAX}) END`;
const RAW_SQL = `SELECT ${column('tool_input')} AS i, ${column('tool_response')} AS r
  FROM observations WHERE id = ?`;

/** The strings a JSON value holds, each once, in order, until `max` characters. */
function strings(v: unknown, out: Set<string>, max: { left: number }): void {
  if (max.left <= 0) return;
  if (typeof v === 'string') {
    if (v.trim() === '' || out.has(v)) return;
    out.add(v.slice(0, max.left));
    max.left -= v.length;
  } else if (Array.isArray(v)) for (const x of v) strings(x, out, max);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out, max);
}

/** A column's text: the strings of its JSON, or (cut, not JSON) its text with escapes undone. */
function textOf(s: string | null): string {
  if (!s) return '';
  try {
    const out = new Set<string>();
    strings(JSON.parse(s), out, { left: TEXT_MAX });
    return [...out].join('\n');
  } catch {
    return s
      .slice(0, TEXT_MAX)
      .replace(/\\r\\n|\\n|\\r/g, '\n')
      .replace(/\\t/g, ' ')
      .replace(/\\"/g, '"')
      .replace(/\\\\/g, '\\');
  }
}

/**
 * The passage to show under an observation's snippet, marked, or null: only for words the snippet
 * leaves out and the memory's own text (`held`: its title, input, facts and narrative, read only
 * when the snippet leaves a word out) lacks too.
 */
export function rawPassage(
  stmt: (sql: string) => Database.Statement,
  id: number,
  groups: string[][],
  snippet: string,
  held: () => string,
  seen?: Set<string>,
): string | null {
  const unshown = leftOut(groups, flat(snippet).toLowerCase());
  if (unshown.length === 0) return null;
  const lacked = leftOut(unshown, held().toLowerCase());
  if (lacked.length === 0) return null;
  const row = stmt(RAW_SQL).get(id) as { i: string | null; r: string | null } | undefined;
  if (!row) return null;
  return missingPassage(`${textOf(row.i)}\n${textOf(row.r)}`, groups, lacked, seen);
}
