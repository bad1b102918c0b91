/**
 * The MemTray side of the real sync engine tests: a machine is a real service (every feature, its
 * own data dir and machine id) whose sync folder is set; work reaches it as Claude Code's hook
 * payloads; what it remembers is compared across machines as a count and a content hash per table
 * (stable ids only, no local row ids).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { syncStatus, type SyncStatus } from '../../../electron/shared/contract/sync.js';
import { startTestService, type TestService } from '../../helpers/service.js';
import { dump } from '../../sync/helpers.js';

export interface Machine extends TestService {
  id: string;
  status(): Promise<SyncStatus>;
  /** One value of a query on the machine's database. */
  one<T>(sql: string, ...params: unknown[]): T | undefined;
}

export async function machine(folder: string, dataDir?: string): Promise<Machine> {
  const t = await startTestService(dataDir ? { dataDir } : {});
  const r = await t.api('PUT', '/api/settings', { sync: { folder } });
  expect(r.status, r.text).toBe(200);
  const status = async (): Promise<SyncStatus> => syncStatus.parse((await t.api('GET', '/api/sync')).json);
  const one = <T>(sql: string, ...params: unknown[]): T | undefined =>
    t.service.core.sqlite.prepare(sql).get(...params) as T | undefined;
  return Object.assign(t, { id: (await status()).machine, status, one });
}

/** A Claude Code session as its hooks post it: start, prompts, tool calls, Stop. */
export interface Work {
  session: string;
  cwd: string;
  prompts: string[];
  tools: Array<{ name: string; input: Record<string, unknown>; response: Record<string, unknown> }>;
}

export async function capture(m: Machine, w: Work): Promise<void> {
  const post = async (event: string, body: Record<string, unknown>): Promise<void> => {
    const r = await m.api('POST', `/api/hooks/${event}`, {
      session_id: w.session,
      transcript_path: `/home/dev/.claude/projects/x/${w.session}.jsonl`,
      cwd: w.cwd,
      hook_event_name: event,
      ...body,
    });
    expect(r.status, r.text).toBe(200);
  };
  await post('SessionStart', { source: 'startup' });
  let n = 0;
  for (const prompt of w.prompts) {
    await post('UserPromptSubmit', { prompt });
    for (const t of w.tools)
      await post('PostToolUse', {
        tool_name: t.name,
        tool_input: t.input,
        tool_response: t.response,
        tool_use_id: `toolu_${w.session}_${n++}`,
      });
  }
  await post('Stop', { stop_hook_active: false });
  await m.settled();
}

/** An ordinary piece of work: an edit, a test run and a read, around `word`. */
export function work(session: string, cwd: string, word: string, prompt = `fix ${word}`): Work {
  return {
    session,
    cwd,
    prompts: [prompt],
    tools: [
      {
        name: 'Edit',
        input: { file_path: `${cwd}/src/${word}.ts`, old_string: 'retries = 1', new_string: 'retries = 5' },
        response: { filePath: `${cwd}/src/${word}.ts`, structuredPatch: [] },
      },
      {
        name: 'Bash',
        input: { command: `npm test -- ${word}`, description: `run the ${word} tests` },
        response: { stdout: `PASS src/${word}.test.ts (12 tests)`, stderr: '', interrupted: false },
      },
      {
        name: 'Read',
        input: { file_path: `${cwd}/README.md` },
        response: { type: 'text', file: { filePath: `${cwd}/README.md`, content: `# ${word}` } },
      },
    ],
  };
}

const TABLES = ['sessions', 'user_prompts', 'observations', 'session_summaries'] as const;

/**
 * Per table: rows present (count(*)) and a hash of their content by stable id. Equal tables on two
 * machines, with as many rows as distinct contents, mean every row arrived exactly once.
 */
export function tables(m: Machine): Record<string, { rows: number; distinct: number; hash: string }> {
  const d = dump(m.service.core.sqlite);
  const parts = [d.sessions, d.prompts, d.observations, d.summaries];
  const out: Record<string, { rows: number; distinct: number; hash: string }> = {};
  TABLES.forEach((table, i) => {
    const rows = m.one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)!.n;
    const list = parts[i]!;
    out[table] = {
      rows,
      distinct: new Set(list).size,
      hash: createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 16),
    };
  });
  return out;
}

/** Every regular file under `dir` (recursively), with its content. */
export function everyFile(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((p) => statSync(p, { throwIfNoEntry: false })?.isFile() === true)
    .map((path) => ({ path, text: readFileSync(path, 'latin1') }));
}

/** The session's row id on a machine (by Claude Code's session id). */
export function sessionId(m: Machine, session: string): number | undefined {
  return m.one<{ id: number }>('SELECT id FROM sessions WHERE claude_session_id = ?', session)?.id;
}
