/** Reading a session's turns: prompts, the tool calls of each turn, failures and their error text. */
import type Database from 'better-sqlite3';
import { parseStringList } from '../util/json-list.js';
import { parseRecord, responseTextOf } from './text.js';

export interface CallRow {
  id: number;
  promptNumber: number;
  toolName: string;
  toolUseId: string | null;
  command: string | null;
  failed: boolean;
  type: string | null;
  title: string | null;
  narrative: string | null;
  filesRead: string[];
  filesModified: string[];
  createdAt: number;
}

interface RawCall {
  id: number;
  n: number;
  tool_name: string;
  tool_use_id: string | null;
  tool_input: string | null;
  failed: number;
  type: string | null;
  title: string | null;
  narrative: string | null;
  fr: string | null;
  fm: string | null;
  created_at: number;
}

const CHANGE_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/** A call that failed: reported so (PostToolUseFailure / is_error), or a failed command or test run. */
export const isFailure = (c: CallRow): boolean =>
  c.failed || c.type === 'failure' || (c.title ?? '').startsWith('Tests failed');

export const isChange = (c: CallRow): boolean => CHANGE_TOOLS.has(c.toolName) && !isFailure(c);

/**
 * The session's latest `limit` calls (remembered rows other than decisions left out), oldest first,
 * from turn `fromTurn` on.
 */
export function loadCalls(db: Database.Database, sessionId: number, fromTurn = 0, limit = 2_000): CallRow[] {
  const rows = db
    .prepare(
      `SELECT id, prompt_number n, tool_name, tool_use_id, CASE WHEN tool_name = 'Bash' THEN tool_input END tool_input,
         failed, type, title, narrative, files_read fr, files_modified fm, created_at
       FROM observations WHERE session_id = ? AND prompt_number >= ?
         AND tool_name NOT IN ('memtray:episode', 'memtray:bugfix', 'memtray:compaction')
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .all(sessionId, fromTurn, limit) as RawCall[];
  return rows.reverse().map((r) => {
    const cmd = r.tool_input ? parseRecord(r.tool_input).command : undefined;
    return {
      id: r.id,
      promptNumber: r.n,
      toolName: r.tool_name,
      toolUseId: r.tool_use_id,
      command: typeof cmd === 'string' && cmd.trim() !== '' ? cmd.trim() : null,
      failed: r.failed === 1,
      type: r.type,
      title: r.title,
      narrative: r.narrative,
      filesRead: parseStringList(r.fr),
      filesModified: parseStringList(r.fm),
      createdAt: r.created_at,
    };
  });
}

/** The error text of a failed call (its response), bounded. */
export function errorTextOf(db: Database.Database, id: number): string {
  const r = db
    .prepare(`SELECT substr(tool_response, 1, 20000) r, facts FROM observations WHERE id = ?`)
    .get(id) as { r: string | null; facts: string | null } | undefined;
  if (!r) return '';
  const text = responseTextOf(r.r);
  if (text.trim() !== '') return text;
  const fact = parseStringList(r.facts).find((f) => f.startsWith('error: '));
  return fact ? fact.slice(7) : '';
}

/** What the assistant said with a call ("Claude: …" in its narrative), or null. */
export const saidOf = (c: CallRow): string | null =>
  c.narrative?.startsWith('Claude: ') ? c.narrative.slice(8) : null;
