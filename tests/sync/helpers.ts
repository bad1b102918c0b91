/** Shared by the export/import and sync tests: seeding a service through its hook endpoint, and a dump of what it remembers that is comparable across machines (no local row ids). */
import type Database from 'better-sqlite3';
import { expect } from 'vitest';
import { importProgress, type ImportProgress } from '../../electron/shared/contract/sync.js';
import type { TestService } from '../helpers/service.js';

/** One Claude Code session through the real hook endpoint: `tools` tool calls, a Stop. */
export async function seedSession(
  t: TestService,
  sid: string,
  cwd: string,
  tools: number,
  opts: { end?: boolean } = {},
): Promise<void> {
  const ok = async (event: string, body: Record<string, unknown>): Promise<void> => {
    const r = await t.api('POST', `/api/hooks/${event}`, { session_id: sid, cwd, ...body });
    expect(r.status, r.text).toBe(200);
  };
  await ok('UserPromptSubmit', { prompt: `work on ${sid} <private>hunter2</private> please` });
  for (let i = 0; i < tools; i++)
    await ok('PostToolUse', {
      tool_name: i % 2 === 0 ? 'Read' : 'Bash',
      tool_use_id: `${sid}-tu${i}`,
      tool_input: i % 2 === 0 ? { file_path: `${cwd}/src/f${i}.ts` } : { command: `npm test -- f${i}` },
      tool_response: i % 2 === 0 ? { type: 'text', file: { content: `file ${i}` } } : { stdout: `ok ${i}` },
    });
  if (opts.end !== false) await ok('Stop', {});
  await t.settled();
}

export interface Dump {
  sessions: string[];
  prompts: string[];
  observations: string[];
  summaries: string[];
}

/** Everything a machine remembers, keyed by stable ids, sorted. */
export function dump(db: Database.Database): Dump {
  const rows = (sql: string): string[] =>
    (db.prepare(sql).all() as Array<Record<string, unknown>>).map((r) => JSON.stringify(r)).sort();
  return {
    sessions: rows(
      'SELECT claude_session_id, project, cwd, first_prompt, prompt_counter, status, started_at, completed_at FROM sessions',
    ),
    prompts: rows(
      'SELECT s.claude_session_id, p.prompt_number, p.prompt, p.created_at FROM user_prompts p JOIN sessions s ON s.id = p.session_id',
    ),
    observations: rows(
      `SELECT s.claude_session_id, o.uid, o.tool_name, o.tool_use_id, o.tool_input, o.tool_response, o.title, o.facts,
         o.type, o.files_read, o.files_modified, o.status, o.updated_at, o.created_at
       FROM observations o JOIN sessions s ON s.id = o.session_id`,
    ),
    summaries: rows(
      `SELECT s.claude_session_id, m.request, m.learned, m.completed, m.next_steps, m.updated_at
       FROM session_summaries m JOIN sessions s ON s.id = m.session_id`,
    ),
  };
}

export async function waitFor(
  what: string,
  ok: () => boolean | Promise<boolean>,
  tries = 400,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Starts an import of the archive at `path` and waits until it finished; its last progress. */
export async function importFrom(t: TestService, path: string): Promise<ImportProgress> {
  const r = await t.api('POST', '/api/data/import', { path });
  expect(r.status, r.text).toBe(202);
  const { id } = r.json as { id: number };
  let p: ImportProgress | null = null;
  await waitFor('the import', async () => {
    p = importProgress.parse((await t.api('GET', `/api/data/imports/${id}`)).json);
    return p.status !== 'running';
  });
  return p!;
}
