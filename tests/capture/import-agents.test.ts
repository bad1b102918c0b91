/**
 * History import per agent, on real histories recorded from the real CLIs against scripted local
 * model servers (tests/fixtures/agents/README.md): a Codex rollout, a Gemini CLI chat, opencode's
 * SQLite store. Each goes through the import route (and the CLI) into a real SQLite file: the
 * session tagged with its agent, the prompt, the shell calls (the failed one marked), the turn's
 * end; search finds the fix; a second import adds nothing.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cliImportOutput } from '../../electron/shared/contract/cli.js';
import type { ImportRun } from '../../electron/shared/contract/capture.js';
import { runCli } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const FIXTURES = join(process.cwd(), 'tests', 'fixtures', 'agents');

interface Case {
  agent: 'codex' | 'gemini' | 'opencode';
  path: string;
  sessionId: string;
  prompt: string;
  commands: [string, string];
  fix: string;
}

const CASES: Case[] = [
  {
    agent: 'codex',
    path: join(FIXTURES, 'codex', 'sessions'),
    sessionId: '01a21f06-3a3d-7c50-b7c4-06d6402cf43f',
    prompt: 'Fix the ParserTimeoutError in the parser config',
    commands: ['cat missing-config.yaml', 'echo "retry_budget: 5" > parser.yaml && cat parser.yaml'],
    fix: 'ParserTimeoutError',
  },
  {
    agent: 'gemini',
    path: join(FIXTURES, 'gemini', 'tmp'),
    sessionId: 'ef045325-59de-467e-9391-d2e35fb10234',
    prompt: 'Fix the QueueStallError in the queue config',
    commands: ['cat missing-queue.yaml', 'echo "visibility_timeout: 30" > queue.yaml && cat queue.yaml'],
    fix: 'QueueStallError',
  },
  {
    agent: 'opencode',
    path: join(FIXTURES, 'opencode', 'opencode.db'),
    sessionId: 'ses_de0f8a669ffeEoCV8NGcVgnqxo',
    // opencode stores the prompt of `opencode run` as the shell passed it, quotes included.
    prompt: '"Fix the CacheEvictionError in the cache config"',
    commands: ['cat missing-cache.yaml', 'echo "eviction: lru" > cache.yaml && cat cache.yaml'],
    fix: 'CacheEvictionError',
  },
];

interface Detail {
  session: { agent: string; project: string };
  prompts: Array<{ prompt: string }>;
  observations: Array<{ toolName: string; failed: boolean; toolInput?: unknown }>;
}

async function importAndWait(t: TestService, body: Record<string, unknown>): Promise<ImportRun> {
  const started = await t.api('POST', '/api/capture/import', body);
  expect(started.status).toBe(202);
  const { runId } = started.json as { runId: number };
  return vi.waitFor(
    async () => {
      const runs = (await t.api('GET', '/api/capture/imports')).json as { items: ImportRun[] };
      const run = runs.items.find((r) => r.id === runId)!;
      expect(run.status).not.toBe('running');
      return run;
    },
    { timeout: 30_000, interval: 50 },
  );
}

describe('history import per agent', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  for (const c of CASES) {
    it(`${c.agent}: the real history becomes a ${c.agent} session; a second import adds nothing`, async () => {
      t = await startTestService();
      const run = await importAndWait(t, { agent: c.agent, paths: [c.path] });
      expect(run).toMatchObject({ status: 'done', filesTotal: 1, filesDone: 1, sessions: 1, prompts: 1 });
      expect(run.toolCalls).toBe(2);
      expect(run.source).toBe(`${c.agent}: ${c.path}`);
      await t.settled();

      const row = t.service.core.read.sessionByClaudeId(c.sessionId)!;
      const detail = (await t.api('GET', `/api/sessions/${row.id}`)).json as Detail;
      expect(detail.session.agent).toBe(c.agent);
      expect(detail.session.project).toBe('billing-api');
      expect(detail.prompts.map((p) => p.prompt)).toEqual([c.prompt]);
      const bash = detail.observations.filter((o) => o.toolName === 'Bash');
      expect(bash.map((o) => o.failed)).toEqual([true, false]);
      const events = t.service.core.sqlite
        .prepare('SELECT event_name AS e FROM events WHERE claude_session_id = ? ORDER BY id')
        .pluck()
        .all(c.sessionId);
      expect(events).toEqual([
        'SessionStart',
        'UserPromptSubmit',
        'PostToolUseFailure',
        'PostToolUse',
        'Stop',
      ]);
      const commands = t.service.core.sqlite
        .prepare(
          `SELECT json_extract(tool_input, '$.command') FROM observations WHERE session_id = ? AND tool_name = 'Bash' ORDER BY id`,
        )
        .pluck()
        .all(row.id);
      expect(commands).toEqual(c.commands);
      const hits = (await t.api('GET', `/api/search?q=${c.fix}`)).json as {
        items: Array<{ sessionId: number }>;
      };
      expect(hits.items.map((h) => h.sessionId)).toContain(row.id);

      const count = (): unknown =>
        t!.service.core.sqlite
          .prepare(
            'SELECT (SELECT count(*) FROM events) || (SELECT count(*) FROM observations) || (SELECT count(*) FROM user_prompts)',
          )
          .pluck()
          .get();
      const before = count();
      const again = await importAndWait(t, { agent: c.agent, paths: [c.path] });
      expect(again).toMatchObject({ status: 'done', filesDone: 1, sessions: 0, prompts: 0, toolCalls: 0 });
      expect(count()).toBe(before);
    });
  }

  it('a session captured live by the hooks is left as it is', async () => {
    t = await startTestService();
    const c = CASES[0]!;
    const live = { session_id: c.sessionId, cwd: '/tmp/billing-api', prompt: 'the live prompt' };
    expect((await t.api('POST', '/api/hooks/codex/UserPromptSubmit', live)).status).toBe(200);
    await t.settled();
    const run = await importAndWait(t, { agent: c.agent, paths: [c.path] });
    expect(run).toMatchObject({ status: 'done', filesDone: 1, sessions: 0, prompts: 0, toolCalls: 0 });
    const row = t.service.core.read.sessionByClaudeId(c.sessionId)!;
    const detail = (await t.api('GET', `/api/sessions/${row.id}`)).json as Detail;
    expect(detail.prompts.map((p) => p.prompt)).toEqual(['the live prompt']);
  });

  it('memtray import --agent goes through the running service; an agent without history is refused', async () => {
    t = await startTestService({ writeServerJson: true });
    const c = CASES[2]!;
    // The service's own bus hears the run only when the service runs it.
    const heard: number[] = [];
    t.service.core.bus.on('import', (e) => heard.push(e.runId));
    const r = await runCli(['import', '--agent', c.agent, '--data-dir', t.dataDir, '--json', c.path], {
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const out = cliImportOutput.parse(JSON.parse(r.stdout));
    expect(out).toMatchObject({ agent: 'opencode', status: 'done', sessions: 1, toolCalls: 2 });
    expect(heard).toContain(out.runId);
    const runs = (await t.api('GET', '/api/capture/imports')).json as { items: ImportRun[] };
    expect(runs.items.find((x) => x.id === out.runId)?.source).toBe(`opencode: ${c.path}`);
    const refused = await t.api('POST', '/api/capture/import', { agent: 'cursor' });
    expect(refused.status).toBe(400);
  });

  it('memtray import --agent imports without a service and reports the agent; cursor has no history', async () => {
    const dir = tempDir();
    const c = CASES[1]!;
    const r = await runCli(['import', '--agent', c.agent, '--data-dir', dir, '--json', c.path], {
      timeoutMs: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = cliImportOutput.parse(JSON.parse(r.stdout));
    expect(out).toMatchObject({
      agent: 'gemini',
      status: 'done',
      files: 1,
      sessions: 1,
      prompts: 1,
      toolCalls: 2,
    });
    const none = await runCli(['import', '--agent', 'cursor', '--data-dir', dir, '--json']);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('cursor keeps no history');
  });
});
