/**
 * Entry points for the remembered rows of a session: refresh its episodes and bugfixes (when a turn
 * ends), the `episode` job queued on Stop/SessionEnd, and the compaction summary.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { detectBugfixes } from './bugfix.js';
import { buildEpisodes, type TurnWords } from './episodes.js';
import { upsertMemory } from '../ingest/memory-rows.js';
import { clipBlock } from './text.js';

export type { TurnWords } from './episodes.js';

/** Turns an `episode` job refreshes besides its own: the latest ones still without an episode. */
const RECENT_TURNS = 20;

/** Rebuilds the episodes of `turns` (all when null) and the session's bugfixes; returns rows written. */
export function refreshSession(
  db: Database.Database,
  sessionId: number,
  turns: number[] | null,
  words: Map<number, TurnWords>,
  now: number,
): number {
  return buildEpisodes(db, sessionId, turns, words, now) + detectBugfixes(db, sessionId, now);
}

export const episodeJobSchema = z.object({
  promptNumber: z.number().int().nonnegative(),
  /** Stop's `last_assistant_message`, already stripped and redacted. */
  final: z.string().max(100_000).optional(),
});

type EpisodeJob = z.infer<typeof episodeJobSchema>;

/** The `episode` job: the turn that just ended, plus recent turns that have no episode yet. */
export function runEpisodeJob(
  db: Database.Database,
  sessionId: number,
  job: EpisodeJob,
  now: number,
): number {
  const missing = (
    db
      .prepare(
        `SELECT p.prompt_number n FROM user_prompts p WHERE p.session_id = ? AND p.prompt_number < ?
           AND NOT EXISTS (SELECT 1 FROM observations o WHERE o.session_id = p.session_id
             AND o.tool_name = 'memtray:episode' AND o.prompt_number = p.prompt_number)
         ORDER BY n DESC LIMIT ?`,
      )
      .all(sessionId, job.promptNumber, RECENT_TURNS) as Array<{ n: number }>
  ).map((r) => r.n);
  const words = new Map<number, TurnWords>();
  if (job.final) words.set(job.promptNumber, { final: job.final });
  return refreshSession(db, sessionId, [job.promptNumber, ...missing], words, now);
}

/** Claude Code's compaction summary (already stripped and redacted) as a session-level memory. */
export function writeCompaction(
  db: Database.Database,
  c: { sessionId: number; promptNumber: number; uuid: string; text: string; at: number; cwd: string | null },
  now: number,
): number | null {
  const text = clipBlock(
    c.text.replace(/^This session is being continued from a previous conversation[^\n]*\n/, ''),
    24_000,
  );
  if (text === '') return null;
  return upsertMemory(
    db,
    {
      sessionId: c.sessionId,
      promptNumber: c.promptNumber,
      type: 'compaction',
      key: `compaction:${c.uuid}`,
      cwd: c.cwd,
      createdAt: c.at,
      title: 'Session summary (compacted)',
      subtitle: clipBlock(text, 240).replace(/\s+/g, ' '),
      facts: [],
      narrative: text,
    },
    now,
  );
}
