/**
 * A turn's summary (its episode) holds the most of a question's words, so it often ranks first
 * while the memory that holds the answer (the file written, a command's output) is one of the
 * turn's own. When an episode's snippet leaves out some of the question's words, the passages of
 * the turn's memories that hold the most of them (the rarer weighing more) are shown under it
 * (`↳ …`, missing-passage.ts).
 */
import type Database from 'better-sqlite3';
import { parseStringList } from '../util/json-list.js';
import { isInternalFact } from './answer.js';
import { leftOut, missingPassage } from './missing-passage.js';
import { flat } from './shape.js';

/** The turn's memories, found by time (an index range) between its prompt and the next one. */
const MEMBERS_SQL = `SELECT o.subtitle, o.facts, o.narrative FROM observations e
  JOIN user_prompts p ON p.session_id = e.session_id AND p.prompt_number = e.prompt_number
  JOIN observations o ON o.session_id = e.session_id AND o.created_at >= p.created_at
    AND o.created_at < coalesce((SELECT min(n.created_at) FROM user_prompts n
      WHERE n.session_id = e.session_id AND n.prompt_number > e.prompt_number), 9e15)
    AND o.prompt_number = e.prompt_number
  WHERE e.id = ? AND o.id != e.id AND coalesce(o.type, '') != 'episode'
  ORDER BY o.created_at LIMIT 80`;
/** The turn's text read, at most. */
const TEXT_MAX = 30_000;

interface Member {
  subtitle: string | null;
  facts: string | null;
  narrative: string | null;
}

/** What to show under an episode's snippet, marked, or null when it shows every word already. */
export function turnPassage(
  stmt: (sql: string) => Database.Statement,
  episodeId: number,
  groups: string[][],
  snippet: string,
  seen?: Set<string>,
): string | null {
  const left = leftOut(groups, flat(snippet).toLowerCase());
  if (left.length === 0) return null;
  let text = '';
  for (const m of stmt(MEMBERS_SQL).all(episodeId) as Member[]) {
    const facts = parseStringList(m.facts).filter((f) => !isInternalFact(f));
    text += `${[m.subtitle, ...facts, m.narrative].filter(Boolean).join('\n')}\n`;
    if (text.length > TEXT_MAX) break;
  }
  return missingPassage(text.slice(0, TEXT_MAX), groups, left, seen);
}
