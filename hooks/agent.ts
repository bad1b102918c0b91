/**
 * The command hook's per-agent differences (`memtray-hook --agent X`), kept free of the core (the
 * hook starts on every tool call): where it posts, and how an agent takes the SessionStart context.
 * The agent id itself is checked by the service (shared/contract/agents.ts).
 */

const AGENT_RE = /^[a-z][a-z-]{1,30}$/;
/** Claude Code's names, and other agents' own (opencode's have dots: `tool.execute.after`). */
export const AGENT_EVENT_RE = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;

/** Agents that read `hookSpecificOutput.additionalContext` from a SessionStart hook's stdout. */
const CONTEXT_ON_STDOUT = new Set(['claude-code', 'codex', 'gemini']);

export function agentArg(v: string | undefined): string | null {
  return v !== undefined && AGENT_RE.test(v) ? v : null;
}

/** The hook endpoint for the event: Claude Code's own, or the agent's (mapped by its adapter). */
export function hookPath(agent: string | null, event: string): string {
  if (agent === null || agent === 'claude-code') return `/api/hooks/${event}`;
  return `/api/hooks/${agent}/${encodeURIComponent(event)}`;
}

/** Whether this event's answer carries the memory context the agent reads from stdout (opencode's
 * plugin reads it from its `session.created` call and adds it to the system prompt). */
export function printsContext(agent: string | null, event: string): boolean {
  if (agent === 'opencode') return event === 'session.created';
  return event === 'SessionStart' && CONTEXT_ON_STDOUT.has(agent ?? 'claude-code');
}
