/**
 * Writes the remembered rows (episode, decision, bugfix, compaction) as observations with a
 * synthetic `tool_name` (`memtray:<type>`), `status = 'processed'` and a deterministic
 * `tool_use_id`, so the unique (session_id, tool_use_id) index makes every write idempotent: a
 * rebuilt row is updated in place (only when something changed), never duplicated. The write itself
 * is the observations repository's.
 */
import type Database from 'better-sqlite3';
import { ObservationsRepo } from './observations-repo.js';

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

/** Inserts or updates one remembered row; returns its id when something was written. */
export function upsertMemory(db: Database.Database, m: MemoryRow, now: number): number | null {
  return ObservationsRepo.of(db).upsertRuleMemory(
    {
      sessionId: m.sessionId,
      promptNumber: m.promptNumber,
      toolName: `memtray:${m.type}`,
      toolUseId: m.key,
      toolInput: m.source === undefined ? null : JSON.stringify(m.source),
      cwd: m.cwd,
      createdAt: m.createdAt,
      type: m.type,
      title: m.title,
      subtitle: m.subtitle,
      facts: JSON.stringify(m.facts),
      narrative: m.narrative,
      concepts: JSON.stringify([m.type]),
      filesRead: JSON.stringify(m.filesRead ?? []),
      filesModified: JSON.stringify(m.filesModified ?? []),
    },
    now,
  );
}
