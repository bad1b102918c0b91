/** The coding agents MemTray captures: one id each, used by hooks, sessions, installers and the CLI. */
import { z } from 'zod';

export const AGENT_IDS = ['claude-code', 'codex', 'gemini', 'opencode', 'cursor', 'copilot'] as const;
export const agentId = z.enum(AGENT_IDS);
export type AgentId = z.infer<typeof agentId>;
/** Sessions recorded before agents were told apart came from Claude Code, the only one then. */
export const DEFAULT_AGENT: AgentId = 'claude-code';

export function isAgentId(v: unknown): v is AgentId {
  return typeof v === 'string' && (AGENT_IDS as readonly string[]).includes(v);
}
