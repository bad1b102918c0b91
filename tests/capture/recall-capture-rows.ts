/** Shared by the recall-capture tests: the rows a session remembered, the corpus, the fixtures. */
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createImportRun, runImport } from '../../electron/core/capture/importer.js';
import type { Core } from '../../electron/core/core.js';
import { CORPUS_DIR, tempDir, type TestService } from '../helpers/service.js';

export const SPOTTER = join(CORPUS_DIR, 'marot__spotter');
export const BIG = '4d5611e5-241a-462a-8d15-5122611a9569';
export const FIXTURES = join(process.cwd(), 'tests', 'fixtures', 'handmade');
export const FIX = 'f1f1f1f1-0000-4000-8000-000000000001';

export interface Row {
  id: number;
  prompt_number: number;
  tool_name: string;
  tool_use_id: string | null;
  type: string;
  title: string;
  subtitle: string | null;
  facts: string;
  narrative: string | null;
  status: string;
  created_at: number;
}

export function rows(core: Core, claudeSessionId: string, toolName?: string): Row[] {
  const s = core.read.sessionByClaudeId(claudeSessionId);
  if (!s) return [];
  return core.sqlite
    .prepare(
      `SELECT * FROM observations WHERE session_id = ? ${toolName ? 'AND tool_name = ?' : ''} ORDER BY created_at, id`,
    )
    .all(...(toolName ? [s.id, toolName] : [s.id])) as Row[];
}

export const facts = (r: Row): string[] => JSON.parse(r.facts) as string[];

export async function importDir(core: Core, dir: string) {
  const run = await runImport(core, createImportRun(core, 'test'), { paths: [dir] });
  expect(run.status).toBe('done');
  return run;
}

export function fixtureDir(...files: string[]): string {
  const dir = tempDir('memtray-recall-');
  mkdirSync(join(dir, 'p'));
  for (const f of files) cpSync(join(FIXTURES, f), join(dir, 'p', f));
  return dir;
}

/** Posts hook events of one session (`session`: its id, cwd, …) as Claude Code does; each accepted. */
export function hookPoster(t: TestService, session: Record<string, unknown>) {
  return async (event: string, body: Record<string, unknown>): Promise<void> => {
    const r = await t.api('POST', `/api/hooks/${event}`, { ...session, hook_event_name: event, ...body });
    expect(r.status).toBeLessThan(300);
  };
}
