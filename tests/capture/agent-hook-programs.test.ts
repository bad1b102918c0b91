/**
 * The hook program MemTray's hooks run, read back from each agent's file as install wrote it: what
 * the status compares with this install's hook program to tell a moved install.
 */
import { describe, expect, it } from 'vitest';
import {
  addClaudeLayout,
  addCursorLayout,
  copilotFile,
  ourHookPrograms,
} from '../../electron/core/capture/agents/merge.js';
import {
  opencodePluginProgram,
  opencodePluginSource,
} from '../../electron/core/capture/agents/opencode-plugin.js';
import { agentTarget } from '../../electron/core/capture/agents/targets.js';

const program = "'/opt/My Apps/MemTray/memtray-hook' --data-dir '/home/u/.memtray'";
const env = { home: '/home/u', cwd: '/work/p', env: {} } as Parameters<typeof agentTarget>[1];

describe('hook programs in agent files', () => {
  it.each(['codex', 'gemini'] as const)('%s: one program, whatever the events', (agent) => {
    const file = addClaudeLayout(
      { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'theirs' }] }] } },
      agentTarget(agent, env),
      program,
    );
    expect(ourHookPrograms(file)).toEqual([program]);
  });

  it('cursor and copilot layouts', () => {
    expect(ourHookPrograms(addCursorLayout({}, agentTarget('cursor', env), program))).toEqual([program]);
    expect(ourHookPrograms(copilotFile(agentTarget('copilot', env), program))).toEqual([program]);
  });

  it("opencode's plugin names its program", () => {
    expect(opencodePluginProgram(opencodePluginSource(program))).toBe(program);
    expect(opencodePluginProgram('export const x = 1;')).toBeNull();
  });
});
