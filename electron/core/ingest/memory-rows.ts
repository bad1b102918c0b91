/**
 * Writes the remembered rows (episode, decision, bugfix, compaction) as observations with a
 * synthetic `tool_name` (`memtray:<type>`), `status = 'processed'` and a deterministic
 * `tool_use_id`, so the unique (session_id, tool_use_id) index makes every write idempotent: a
 * rebuilt row is updated in place (only when something changed), never duplicated.
 */
import type Database from 'better-sqlite3';

export type MemoryType = 'episode' | 'decision' | 'bugfix' | 'compaction';

export interface MemoryRow {
  sessionId: number;
  promptNumber: number;
  type: MemoryType;
  /** Deterministic key, e.g. `episode:<claude session>:<n>`. */
  key: string;
  cwd: string | null;
  createdAt: number;
  title: string;
  subtitle: string | null;
  facts: string[];
  narrative: string | null;
  filesRead?: string[];
  filesModified?: string[];
  /** Raw material the row was built from (JSON), e.g. the turn's words, so a rebuild can merge. */
  source?: unknown;
}

const SQL = `INSERT INTO observations (session_id, prompt_number, tool_name, tool_use_id, tool_input, failed, cwd,
    created_at, updated_at, type, title, subtitle, facts, narrative, concepts, files_read, files_modified, produced_by, status)
  VALUES (@sessionId, @promptNumber, @toolName, @key, @source, 0, @cwd, @createdAt, @now, @type, @title, @subtitle,
    @facts, @narrative, @concepts, @filesRead, @filesModified, 'rules', 'processed')
  ON CONFLICT (session_id, tool_use_id) DO UPDATE SET
    prompt_number = excluded.prompt_number, tool_input = excluded.tool_input, title = excluded.title,
    subtitle = excluded.subtitle, facts = excluded.facts, narrative = excluded.narrative,
    files_read = excluded.files_read, files_modified = excluded.files_modified, updated_at = excluded.updated_at
  WHERE title IS NOT excluded.title OR subtitle IS NOT excluded.subtitle OR facts IS NOT excluded.facts
    OR narrative IS NOT excluded.narrative OR tool_input IS NOT excluded.tool_input
    OR files_modified IS NOT excluded.files_modified OR prompt_number IS NOT excluded.prompt_number
  RETURNING id, title`;

const cache = new WeakMap<Database.Database, Database.Statement>();

/** Inserts or updates one remembered row; returns its id when something was written. */
export function upsertMemory(db: Database.Database, m: MemoryRow, now: number): number | null {
  let st = cache.get(db);
  if (!st) {
    st = db.prepare(SQL);
    cache.set(db, st);
  }
  const r = st.get({
    sessionId: m.sessionId,
    promptNumber: m.promptNumber,
    toolName: `memtray:${m.type}`,
    key: m.key,
    source: m.source === undefined ? null : JSON.stringify(m.source),
    cwd: m.cwd,
    createdAt: m.createdAt,
    now,
    type: m.type,
    title: m.title,
    subtitle: m.subtitle,
    facts: JSON.stringify(m.facts),
    narrative: m.narrative,
    concepts: JSON.stringify([m.type]),
    filesRead: JSON.stringify(m.filesRead ?? []),
    filesModified: JSON.stringify(m.filesModified ?? []),
  }) as { id: number } | undefined;
  return r?.id ?? null;
}
