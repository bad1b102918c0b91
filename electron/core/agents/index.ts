/**
 * One event model, many agents: each agent's hook payload becomes a MemTray event (Claude Code's
 * hook shape, which the projector reads) in its adapter; nothing past `toMemTrayEvent` knows which
 * agent spoke except `memtray_agent` in the payload (the session's agent).
 */
import type { AgentId } from '../../shared/contract/agents.js';
import { codexAdapter } from './codex.js';
import { copilotAdapter } from './copilot.js';
import { cursorAdapter } from './cursor.js';
import { geminiAdapter } from './gemini.js';
import { opencodeAdapter } from './opencode.js';
import { memtrayEvent, type AgentAdapter, type Json, type MemTrayEvent } from './shape.js';

/** Claude Code's payloads are MemTray's shape already; only the agent is named. */
const claudeCodeAdapter: AgentAdapter = {
  id: 'claude-code',
  toMemTray: (native, p) => memtrayEvent('claude-code', native, p, { event: native }),
};

const ADAPTERS: Record<AgentId, AgentAdapter> = {
  'claude-code': claudeCodeAdapter,
  codex: codexAdapter,
  gemini: geminiAdapter,
  opencode: opencodeAdapter,
  cursor: cursorAdapter,
  copilot: copilotAdapter,
};

/** The agent's event (its own name and payload) as MemTray's. */
export function toMemTrayEvent(agent: AgentId, nativeEvent: string, payload: Json): MemTrayEvent {
  return ADAPTERS[agent].toMemTray(nativeEvent.slice(0, 64), payload);
}

export type { Json };
