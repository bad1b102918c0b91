/**
 * Every event that carries state is installed: with hooks written by `memtray hooks
 * install --scope project`, the real Claude Code CLI (2.1.197) runs a turn that delegates to an
 * Explore subagent; SubagentStart and SubagentStop reach MemTray in both modes, and the session
 * state lists the agent with its start and end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '../../fixtures/record/scripted-model.js';
import { startTestService, tempDir, type TestService } from '../../helpers/service.js';
import { installProjectHooks, runClaude, until } from './cli.js';

const TASK = 'List the files in this folder and report what the project holds.';

describe.each(['http', 'command'] as const)(
  'a subagent through the real Claude Code CLI, %s mode',
  (mode) => {
    const open: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const c of open.splice(0)) await c().catch(() => undefined);
    });

    it('SubagentStart and SubagentStop are captured and the state lists the agent', async () => {
      const root = tempDir('memtray-e2e-agent-');
      const home = join(root, 'home');
      const proj = join(root, `agents-${mode}`);
      const dataDir = join(root, 'data');
      mkdirSync(home);
      mkdirSync(proj);
      writeFileSync(join(proj, 'notes.md'), 'the notes\n');
      const t: TestService = await startTestService({ dataDir, writeServerJson: true });
      open.push(() => t.stop());
      const model: ScriptedModel = await startScriptedModel([
        {
          key: 'look around with an agent',
          steps: [
            {
              text: "I'll have an Explore agent look.",
              tool: {
                name: 'Agent',
                input: { description: 'Survey the folder', prompt: TASK, subagent_type: 'Explore' },
              },
            },
          ],
          final: 'The folder holds notes.md.',
        },
        {
          key: TASK,
          steps: [
            { text: 'Listing.', tool: { name: 'Bash', input: { command: 'ls', description: 'List files' } } },
          ],
          final: 'One file: notes.md.',
        },
      ]);
      open.push(() => model.close());
      installProjectHooks(mode, proj, home, dataDir);
      const r = await runClaude(proj, home, model.url, 'Please look around with an agent.', 'Bash Agent');
      expect(r.code, r.err).toBe(0);
      expect(model.unmatched).toEqual([]);
      const sessionId = (JSON.parse(r.out) as { session_id: string }).session_id;
      const core = t.service.core;
      await until(() => core.read.sessionByClaudeId(sessionId)?.status === 'completed', 20_000);
      const names = core.sqlite
        .prepare('SELECT event_name FROM events WHERE claude_session_id = ? ORDER BY id')
        .pluck()
        .all(sessionId) as string[];
      expect(names).toContain('SubagentStart');
      expect(names).toContain('SubagentStop');
      expect(names.indexOf('SubagentStart')).toBeLessThan(names.indexOf('SubagentStop'));
      const sess = core.read.sessionByClaudeId(sessionId)!;
      const st = (await t.api('GET', `/api/sessions/${sess.id}/state`)).json as {
        agents: string[];
        agents_history: Array<{ name: string; started_at: string; completed_at?: string }>;
        tools_used: Record<string, number>;
      };
      expect(st.agents).toEqual([]); // finished
      expect(st.agents_history.length).toBeGreaterThanOrEqual(1);
      expect(st.agents_history.every((a) => a.completed_at !== undefined)).toBe(true);
      expect(st.agents_history.map((a) => a.name)).toContain('Explore');
    });
  },
);
