/**
 * Where each agent keeps its hooks, which of its events MemTray listens to, and how to tell the agent
 * is on this machine. Claude Code's own installer is capture/installer.ts.
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { AgentId } from '../../../shared/contract/agents.js';
import type { InstallerEnv } from '../installer.js';

export type OtherAgent = Exclude<AgentId, 'claude-code'>;

export interface AgentTarget {
  agent: OtherAgent;
  /** `claude`: `{hooks: {Event: [{matcher?, hooks: [{type, command}]}]}}` merged into a shared file;
   * `cursor`: `{version: 1, hooks: {event: [{command}]}}` merged; `own`: a file only MemTray writes. */
  layout: 'claude' | 'cursor' | 'own';
  path: string;
  events: readonly string[];
  /** Events whose groups match tool names (`*`). */
  toolEvents: readonly string[];
  /** The agent's command, looked up on PATH, and its config folder: either one means it is here. */
  bin: string;
  configDir: string;
}

export function onPath(bin: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, bin))) return join(dir, bin);
  }
  return null;
}

function codexHome(e: InstallerEnv): string {
  return e.env.CODEX_HOME?.trim() || join(e.home, '.codex');
}

function configHome(e: InstallerEnv): string {
  return e.env.XDG_CONFIG_HOME?.trim() || join(e.home, '.config');
}

export function agentTarget(agent: OtherAgent, e: InstallerEnv): AgentTarget {
  switch (agent) {
    case 'codex':
      return {
        agent,
        layout: 'claude',
        path: join(codexHome(e), 'hooks.json'),
        events: ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'PreCompact', 'PostCompact', 'Stop'],
        toolEvents: ['PostToolUse'],
        bin: 'codex',
        configDir: codexHome(e),
      };
    case 'gemini':
      return {
        agent,
        layout: 'claude',
        path: join(e.home, '.gemini', 'settings.json'),
        events: ['SessionStart', 'BeforeAgent', 'AfterTool', 'AfterAgent', 'PreCompress', 'SessionEnd'],
        toolEvents: ['AfterTool'],
        bin: 'gemini',
        configDir: join(e.home, '.gemini'),
      };
    case 'opencode':
      return {
        agent,
        layout: 'own',
        path: join(configHome(e), 'opencode', 'plugin', 'memtray.js'),
        events: ['session.created', 'chat.message', 'tool.execute.after', 'session.idle'],
        toolEvents: [],
        bin: 'opencode',
        configDir: join(configHome(e), 'opencode'),
      };
    case 'cursor':
      return {
        agent,
        layout: 'cursor',
        path: join(e.home, '.cursor', 'hooks.json'),
        events: ['beforeSubmitPrompt', 'afterShellExecution', 'afterFileEdit', 'afterMCPExecution', 'stop'],
        toolEvents: [],
        bin: 'cursor-agent',
        configDir: join(e.home, '.cursor'),
      };
    case 'copilot':
      return {
        agent,
        layout: 'own',
        path: join(e.cwd, '.github', 'hooks', 'memtray.json'),
        events: ['sessionStart', 'userPromptSubmitted', 'postToolUse', 'agentStop', 'sessionEnd'],
        toolEvents: [],
        bin: 'copilot',
        configDir: join(e.home, '.copilot'),
      };
  }
}

/**
 * The user's command `bin`, on PATH without its `node_modules/.bin` folders: that is not where the
 * user's agent lives. npm puts a project's own commands there for its scripts, and MemTray's
 * devDependencies hold `claude`, `codex`, `gemini` and `opencode`.
 */
function usersCommand(bin: string, env: NodeJS.ProcessEnv): boolean {
  const dirs = (env.PATH ?? '').split(delimiter).filter((d) => !/node_modules[\\/]\.bin[\\/]?$/.test(d));
  return onPath(bin, { ...env, PATH: dirs.join(delimiter) }) !== null;
}

/** Claude Code is here: the user's `claude` command, or its settings folder. */
export function claudePresent(e: { home: string; env: NodeJS.ProcessEnv }): boolean {
  return usersCommand('claude', e.env) || existsSync(join(e.home, '.claude'));
}

/** Whether the user has the agent: its command (`usersCommand`), or its config folder. */
export function agentPresent(t: AgentTarget, e: InstallerEnv): boolean {
  return usersCommand(t.bin, e.env) || existsSync(t.configDir);
}
