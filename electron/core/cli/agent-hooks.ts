/**
 * `memtray hooks install|uninstall|status --agent X`: the hooks of an agent other than Claude Code
 * (capture/agents/install.ts), or of every agent present here with `--agent all` (Claude Code's
 * through its own installer, by the caller).
 */
import { AGENT_IDS, type AgentId } from '../../shared/contract/agents.js';
import type { CliAgentHooksOutput } from '../../shared/contract/cli.js';
import {
  agentHooksStatus,
  installAgentHooks,
  uninstallAgentHooks,
  type AgentHooksResult,
} from '../capture/agents/install.js';
import type { OtherAgent } from '../capture/agents/targets.js';
import type { InstallerEnv } from '../capture/installer.js';

type AgentChoice = AgentId | 'all';

export function parseAgent(v: string | undefined): AgentChoice {
  if (v === undefined) return 'claude-code';
  if (v === 'all' || (AGENT_IDS as readonly string[]).includes(v)) return v as AgentChoice;
  throw new Error(`--agent must be one of ${AGENT_IDS.join('|')}|all, got '${v}'`);
}

/** The agents other than Claude Code that `choice` names. */
export function otherAgents(choice: AgentChoice): OtherAgent[] {
  const all = AGENT_IDS.filter((a): a is OtherAgent => a !== 'claude-code');
  return choice === 'all' ? all : choice === 'claude-code' ? [] : [choice];
}

export async function runAgentHooks(
  sub: string,
  agents: OtherAgent[],
  env: InstallerEnv,
): Promise<AgentHooksResult[]> {
  const out: AgentHooksResult[] = [];
  for (const a of agents) {
    if (sub === 'install') out.push(await installAgentHooks(a, env));
    else if (sub === 'uninstall') out.push(await uninstallAgentHooks(a, env));
    else out.push(agentHooksStatus(a, env));
  }
  return out;
}

export function printAgentHooks(results: AgentHooksResult[], json: boolean): void {
  if (json) {
    const o: CliAgentHooksOutput = { agents: results };
    process.stdout.write(`${JSON.stringify(o)}\n`);
    return;
  }
  const lines = results.flatMap((r) => [
    r.installed
      ? `${r.agent}: MemTray hooks are installed in ${r.path}: ${r.events.join(', ')}`
      : `${r.agent}: MemTray hooks are not installed${r.present ? ` (${r.path})` : ''}`,
    ...r.problems.map((p) => `  problem: ${p}`),
    ...r.notes.map((n) => `  ${n}`),
  ]);
  process.stdout.write(`${lines.join('\n')}\n`);
}
