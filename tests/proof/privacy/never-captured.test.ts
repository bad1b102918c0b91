/**
 * What the user excludes is decided before anything is journaled: a tool call on an excluded path
 * (`excludedPaths`) or of a tool on the never-captured list (`skipTools`) leaves no memory, no
 * event payload, no "Files touched" entry and no byte of its content in the database files. The
 * decision tools (AskUserQuestion, ExitPlanMode) are captured as decisions unless the user lists
 * them. Through the real HTTP hook endpoint of a real service. Settings written against the old
 * default list are brought forward.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SKIP_TOOLS } from '../../../electron/shared/contract/tools.js';
import { journalCores } from '../../helpers/journal.js';
import { startTestService, tempDir, type TestService } from '../../helpers/service.js';

const CWD = '/w/never';

const dbBytes = (dir: string): string =>
  readdirSync(dir)
    .filter((f) => f.startsWith('memtray.db'))
    .map((f) => readFileSync(join(dir, f)).toString('latin1'))
    .join('\n');

async function post(
  t: TestService,
  sid: string,
  event: string,
  body: Record<string, unknown>,
): Promise<void> {
  const r = await t.api('POST', `/api/hooks/${event}`, { session_id: sid, cwd: CWD, ...body });
  expect(r.status, r.text).toBe(200);
}

const journal = (t: TestService): string =>
  (t.service.core.sqlite.prepare('SELECT payload FROM events').all() as Array<{ payload: string }>)
    .map((r) => r.payload)
    .join('\n');

const searchHits = async (t: TestService, q: string): Promise<number> =>
  ((await t.api('GET', `/api/search?q=${encodeURIComponent(q)}`)).json as { items: unknown[] }).items.length;

const ask = (marker: string): Record<string, unknown> => ({
  tool_name: 'AskUserQuestion',
  tool_use_id: `toolu_ask_${marker}`,
  tool_input: { questions: [{ question: `Ship ${marker}?`, header: 'Ship', options: [{ label: 'Yes' }] }] },
  tool_response: { answers: { [`Ship ${marker}?`]: 'Yes' } },
});
const plan = (marker: string): Record<string, unknown> => ({
  tool_name: 'ExitPlanMode',
  tool_use_id: `toolu_plan_${marker}`,
  tool_input: { plan: `Plan: rewrite the ${marker} module` },
  tool_response: { plan: `Plan: rewrite the ${marker} module`, isAgent: false },
});

describe('never captured: excluded paths and never-captured tools reach no file', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('a Read and an Edit under an excluded path: no memory, no journal payload, no file touched', async () => {
    t = await startTestService();
    expect((await t.api('PUT', '/api/settings', { excludedPaths: ['**/secrets/**'] })).status).toBe(200);
    const sid = 'excluded-1';
    await post(t, sid, 'UserPromptSubmit', { prompt: 'look at the config' });
    for (const ev of ['PreToolUse', 'PostToolUse']) {
      await post(t, sid, ev, {
        tool_name: 'Read',
        tool_use_id: 'toolu_x1',
        tool_input: { file_path: `${CWD}/config/secrets/prod.env` },
        tool_response: {
          type: 'text',
          file: { filePath: `${CWD}/config/secrets/prod.env`, content: 'QZREADMARK' },
        },
      });
      await post(t, sid, ev, {
        tool_name: 'Edit',
        tool_use_id: 'toolu_x2',
        tool_input: { file_path: `${CWD}/secrets/notes.md`, old_string: 'a', new_string: 'QZEDITMARK' },
        tool_response: {
          filePath: `${CWD}/secrets/notes.md`,
          newString: 'QZEDITMARK',
          originalFile: 'QZORIGMARK',
        },
      });
    }
    await post(t, sid, 'PostToolUse', {
      tool_name: 'Read',
      tool_use_id: 'toolu_ok',
      tool_input: { file_path: `${CWD}/src/app.ts` },
      tool_response: { type: 'text', file: { filePath: `${CWD}/src/app.ts`, content: 'QZPUBLICMARK' } },
    });
    await t.settled();

    for (const m of ['QZREADMARK', 'QZEDITMARK', 'QZORIGMARK']) expect(await searchHits(t, m), m).toBe(0);
    const j = journal(t);
    expect(j).toContain('QZPUBLICMARK'); // the test is live: the allowed call is journaled
    for (const s of ['QZREADMARK', 'QZEDITMARK', 'QZORIGMARK', 'secrets/prod.env', 'secrets/notes.md'])
      expect(j, s).not.toContain(s);
    const s = t.service.core.read.sessionByClaudeId(sid)!;
    const st = (await t.api('GET', `/api/sessions/${s.id}/state`)).json as {
      files: { new: string[]; edited: string[]; read: string[] };
    };
    const touched = [...st.files.new, ...st.files.edited, ...st.files.read];
    expect(touched).toEqual([`${CWD}/src/app.ts`]);
    const dir = t.dataDir;
    await t.stop();
    const bytes = dbBytes(dir);
    for (const m of ['QZREADMARK', 'QZEDITMARK', 'QZORIGMARK', 'secrets/prod.env', 'secrets/notes.md'])
      expect(bytes.includes(m), m).toBe(false);
  });

  it('AskUserQuestion and ExitPlanMode are captured as decisions by default', async () => {
    expect(DEFAULT_SKIP_TOOLS).not.toContain('AskUserQuestion');
    expect(DEFAULT_SKIP_TOOLS).not.toContain('ExitPlanMode');
    t = await startTestService();
    expect(t.service.core.settings.get().skipTools).toEqual([...DEFAULT_SKIP_TOOLS]);
    await post(t, 'decide-1', 'UserPromptSubmit', { prompt: 'decide' });
    await post(t, 'decide-1', 'PostToolUse', ask('QZASKMARK'));
    await post(t, 'decide-1', 'PostToolUse', plan('QZPLANMARK'));
    await t.settled();
    const kinds = t.service.core.sqlite
      .prepare(`SELECT type, title FROM observations WHERE tool_name = 'memtray:decision' ORDER BY id`)
      .all() as Array<{ type: string; title: string }>;
    expect(kinds.map((k) => k.type)).toEqual(['decision', 'decision']);
  });

  it('a decision tool the user lists is never captured: no decision, nothing journaled, not in the files', async () => {
    t = await startTestService();
    const r = await t.api('PUT', '/api/settings', {
      skipTools: ['AskUserQuestion', 'ExitPlanMode', 'TodoWrite'],
    });
    expect(r.status).toBe(200);
    const sid = 'decide-2';
    await post(t, sid, 'UserPromptSubmit', { prompt: 'decide' });
    await post(t, sid, 'PreToolUse', ask('QZASKMARK'));
    await post(t, sid, 'PostToolUse', ask('QZASKMARK'));
    await post(t, sid, 'PostToolUse', plan('QZPLANMARK'));
    await post(t, sid, 'PostToolUse', {
      tool_name: 'TodoWrite',
      tool_use_id: 'toolu_todo',
      tool_input: { todos: [{ content: 'QZTODOMARK' }] },
    });
    await t.settled();
    const decisions = t.service.core.sqlite
      .prepare(`SELECT count(*) AS n FROM observations WHERE type = 'decision'`)
      .get() as { n: number };
    expect(decisions.n).toBe(0);
    for (const m of ['QZASKMARK', 'QZPLANMARK', 'QZTODOMARK']) expect(await searchHits(t, m), m).toBe(0);
    const j = journal(t);
    expect(j).toContain('decide'); // live: the prompt is journaled
    for (const m of ['QZASKMARK', 'QZPLANMARK', 'QZTODOMARK']) expect(j, m).not.toContain(m);
    const dir = t.dataDir;
    await t.stop();
    const bytes = dbBytes(dir);
    for (const m of ['QZASKMARK', 'QZPLANMARK', 'QZTODOMARK']) expect(bytes.includes(m), m).toBe(false);
  });
});

describe('settings written against the old never-captured default', () => {
  const cleanups: Array<() => unknown> = [];
  const core = journalCores(cleanups);
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });
  const V1 = ['ListMcpResourcesTool', 'SlashCommand', 'Skill', 'TodoWrite', 'AskUserQuestion'];
  /** The skip list a core reads from a row written by a version without `version`. */
  const readBack = (skipTools: string[]): string[] => {
    const dir = tempDir();
    const a = core(dir);
    a.settings.update({ redactSecrets: true });
    const row = { ...a.settings.get(), skipTools };
    a.sqlite.prepare(`UPDATE settings SET value = ? WHERE key = 'settings'`).run(JSON.stringify(row));
    a.close();
    return core(dir).settings.get().skipTools;
  };

  it('the old default becomes the new one; a user addition is kept', () => {
    expect(readBack(V1)).toEqual([...DEFAULT_SKIP_TOOLS]);
    expect(readBack([...V1, 'Zed'])).toEqual([...DEFAULT_SKIP_TOOLS, 'Zed']);
  });

  it('a list the user trimmed is theirs, and AskUserQuestion listed now stays listed', () => {
    const trimmed = ['Skill', 'AskUserQuestion'];
    expect(readBack(trimmed)).toEqual(trimmed);
    const dir = tempDir();
    const a = core(dir);
    a.settings.update({ skipTools: [...DEFAULT_SKIP_TOOLS, 'AskUserQuestion'] });
    a.close();
    expect(core(dir).settings.get().skipTools).toEqual([...DEFAULT_SKIP_TOOLS, 'AskUserQuestion']);
  });
});
