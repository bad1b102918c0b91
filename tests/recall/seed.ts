/** Seeding for the recall tests: generated memories (corpus templates) plus a few known facts. */
import type Database from 'better-sqlite3';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { importTranscripts } from '../../bench/recall/harness.js';
import { loadCorpusText, type CorpusText } from '../../bench/search/corpus-text.js';
import { generate } from '../../bench/search/generate.js';
import { FIXTURE_TRANSCRIPTS, FIXTURES_DIR, hasSharedCorpus } from '../helpers/corpus.js';
import { CORPUS_DIR, tempDir, type TestService } from '../helpers/service.js';

let cached: CorpusText | null = null;
/** The vocabulary of the shared corpus when it is beside the repo, else of the project's own fixtures. */
export function corpusText(): CorpusText {
  cached ??= loadCorpusText(hasSharedCorpus ? CORPUS_DIR : FIXTURES_DIR);
  return cached;
}

export const DAY = 24 * 3600 * 1000;

/** Inserts one observation with structured fields into a new or given session; returns its id. */
export function insertObservation(
  sqlite: Database.Database,
  o: {
    project: string;
    session?: number;
    title: string | null;
    facts?: string[];
    narrative?: string;
    type?: string | null;
    toolName?: string;
    toolInput?: unknown;
    filesRead?: string[];
    filesModified?: string[];
    at: number;
  },
): { id: number; sessionId: number } {
  let sessionId = o.session;
  if (sessionId === undefined) {
    sqlite
      .prepare('INSERT OR IGNORE INTO projects (name, root_path, created_at) VALUES (?, ?, ?)')
      .run(o.project, `/home/dev/${o.project}`, o.at);
    sessionId = Number(
      sqlite
        .prepare(
          `INSERT INTO sessions (claude_session_id, project, cwd, started_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
        )
        .run(`test-${o.project}-${o.at}-${Math.random()}`, o.project, `/home/dev/${o.project}`, o.at, o.at)
        .lastInsertRowid,
    );
  }
  const id = Number(
    sqlite
      .prepare(
        `INSERT INTO observations (session_id, tool_name, tool_input, created_at, updated_at, type, title,
          facts, narrative, files_read, files_modified, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'processed')`,
      )
      .run(
        sessionId,
        o.toolName ?? 'Edit',
        JSON.stringify(o.toolInput ?? {}),
        o.at,
        o.at,
        o.type ?? null,
        o.title,
        o.facts ? JSON.stringify(o.facts) : null,
        o.narrative ?? null,
        JSON.stringify(o.filesRead ?? []),
        JSON.stringify(o.filesModified ?? []),
      ).lastInsertRowid,
  );
  return { id, sessionId };
}

/** Inserts a prompt the user typed into `sessionId` (its turn `number`, 1 by default); returns its id. */
export function insertPrompt(
  sqlite: Database.Database,
  sessionId: number,
  prompt: string,
  at: number,
  number = 1,
): number {
  return Number(
    sqlite
      .prepare('INSERT INTO user_prompts (session_id, prompt_number, prompt, created_at) VALUES (?, ?, ?, ?)')
      .run(sessionId, number, prompt, at).lastInsertRowid,
  );
}

/** A month after the pricebook fixture's sessions (2026-11-23): the day a test imports them. */
export const PRICEBOOK_IMPORTED_AT = Date.parse('2026-12-23T12:00:00Z');

/**
 * Imports the pricebook fixture's transcripts into `t` (a service whose clock reads
 * PRICEBOOK_IMPORTED_AT, so its summaries are written that day); returns each session's last
 * activity by session id.
 */
export async function importPricebook(t: TestService): Promise<Map<number, number>> {
  const dir = tempDir('memtray-pricebook-import-');
  cpSync(FIXTURE_TRANSCRIPTS, join(dir, 'pricebook'), { recursive: true });
  const run = await importTranscripts(t, [dir]);
  expect(run.status).toBe('done');
  const rows = t.service.core.sqlite.prepare('SELECT id, updated_at AS at FROM sessions').all() as Array<{
    id: number;
    at: number;
  }>;
  return new Map(rows.map((r) => [r.id, r.at]));
}

export function seedGenerated(sqlite: Database.Database, n: number, endMs: number, seed = 7): void {
  generate(sqlite, corpusText(), { observations: n, seed, endMs, spanMs: 90 * DAY, perSession: 30 });
}

/** The question `seedAskedFrom` answers. */
export const ASKED_FROM_QUESTION = 'how did we tune the quincelatch retry budget?';

/**
 * A question asked from a project among other projects' work: a months-old answer in `project`,
 * then `others` newer memories in `other` sharing its words (more than a page holds). Returns the
 * answer's id.
 */
export function seedAskedFrom(
  sqlite: Database.Database,
  o: { project: string; other: string; others: number; now: number },
): number {
  const answer = insertObservation(sqlite, {
    project: o.project,
    title: 'Tuned the quincelatch retry budget to three attempts',
    type: 'change',
    at: o.now - 200 * DAY,
  }).id;
  for (let i = 0; i < o.others; i++)
    insertObservation(sqlite, {
      project: o.other,
      title: `Tuned the quincelatch retry budget for worker ${i}`,
      type: 'change',
      at: o.now - i * 3600_000,
    });
  return answer;
}
