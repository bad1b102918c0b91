/**
 * Session state derived from a session's stored events, in the exact shape of claude-mem's
 * `state.json` (spcstr spec): files, tools used, agents, errors, prompts, notifications.
 */
import type { SessionState } from '../../shared/contract/sessions.js';
import { isoTime } from '../../shared/time.js';

interface StoredEvent {
  eventName: string;
  payload: Record<string, unknown>;
  receivedAt: number;
}

const AGENT_TOOLS = new Set(['Task', 'Agent']);
const iso = isoTime;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function addUnique(list: string[], v: string | undefined): void {
  if (v && !list.includes(v)) list.push(v);
}

function agentName(input: unknown): string {
  const rec = (input ?? {}) as Record<string, unknown>;
  return str(rec.subagent_type) ?? str(rec.description) ?? 'agent';
}

function filePath(input: unknown): string | undefined {
  const rec = (input ?? {}) as Record<string, unknown>;
  return str(rec.file_path) ?? str(rec.notebook_path);
}

/** Finds an error in a tool response (objects with is_error/error, or interrupted Bash). */
function responseError(response: unknown): { type: string; message: string } | null {
  if (response === null || response === undefined) return null;
  if (typeof response === 'string') {
    return /^(error|<tool_use_error>)/i.test(response.trim())
      ? { type: 'ToolError', message: response.slice(0, 500) }
      : null;
  }
  if (typeof response !== 'object' || Array.isArray(response)) return null;
  const rec = response as Record<string, unknown>;
  if (rec.is_error === true || rec.isError === true) {
    return {
      type: 'ToolError',
      message: String(rec.content ?? rec.error ?? rec.message ?? 'tool error').slice(0, 500),
    };
  }
  if (typeof rec.error === 'string' && rec.error !== '')
    return { type: 'ToolError', message: rec.error.slice(0, 500) };
  if (rec.interrupted === true)
    return { type: 'Interrupted', message: String(rec.stderr ?? 'interrupted').slice(0, 500) };
  return null;
}

export function deriveSessionState(
  sessionId: string,
  events: StoredEvent[],
  createdAt?: number,
): SessionState {
  const first = events[0]?.receivedAt ?? createdAt ?? 0;
  const state: SessionState = {
    session_id: sessionId,
    created_at: iso(createdAt ?? first),
    updated_at: iso(createdAt ?? first),
    session_active: false,
    agents: [],
    agents_history: [],
    files: { new: [], edited: [], read: [] },
    tools_used: {},
    errors: [],
    prompts: [],
    notifications: [],
  };
  let updated = createdAt ?? first;
  for (const ev of events) {
    updated = Math.max(updated, ev.receivedAt);
    applyEvent(state, ev);
  }
  state.updated_at = iso(updated);
  return state;
}

/** What one event changes in the state. */
function applyEvent(state: SessionState, ev: StoredEvent): void {
  const p = ev.payload;
  const at = ev.receivedAt;
  switch (ev.eventName) {
    case 'SessionStart':
      state.session_active = true;
      break;
    case 'UserPromptSubmit': {
      state.session_active = true;
      const prompt = typeof p.prompt === 'string' ? p.prompt.trim() : '';
      if (prompt !== '') state.prompts.push({ timestamp: iso(at), prompt });
      break;
    }
    case 'PreToolUse':
      if (AGENT_TOOLS.has(String(p.tool_name))) startAgent(state, agentName(p.tool_input), at);
      break;
    case 'PostToolUse':
    case 'PostToolUseFailure':
      applyToolCall(state, ev);
      break;
    case 'SubagentStart':
      startAgent(state, str(p.agent_type) ?? str(p.agent_id) ?? 'agent', at);
      break;
    case 'SubagentStop': {
      const name = str(p.agent_type) ?? str(p.agent_id);
      stopAgent(state, name && state.agents.includes(name) ? name : undefined, at);
      break;
    }
    case 'Notification':
      state.notifications.push({ timestamp: iso(at), message: String(p.message ?? '') });
      break;
    case 'Stop':
    case 'SessionEnd':
      state.session_active = false;
      break;
    default:
      break;
  }
}

/** A finished tool call: counted, its file listed, its error (a failure or an error response) kept. */
function applyToolCall(state: SessionState, ev: StoredEvent): void {
  const p = ev.payload;
  const at = ev.receivedAt;
  const tool = String(p.tool_name ?? 'unknown');
  state.tools_used[tool] = (state.tools_used[tool] ?? 0) + 1;
  if (AGENT_TOOLS.has(tool)) stopAgent(state, agentName(p.tool_input), at);
  const fp = filePath(p.tool_input);
  if (tool === 'Write') addUnique(state.files.new, fp);
  else if (tool === 'Edit' || tool === 'MultiEdit' || tool === 'NotebookEdit')
    addUnique(state.files.edited, fp);
  else if (tool === 'Read') addUnique(state.files.read, fp);
  const err =
    ev.eventName === 'PostToolUseFailure'
      ? {
          type: 'ToolFailure',
          message: String(p.error ?? p.tool_response ?? 'tool failed').slice(0, 500),
        }
      : responseError(p.tool_response);
  if (err)
    state.errors.push({
      timestamp: iso(at),
      ...err,
      context: { tool, ...(fp ? { file_path: fp } : {}) },
    });
}

function startAgent(state: SessionState, name: string, at: number): void {
  state.agents.push(name);
  state.agents_history.push({ name, started_at: iso(at) });
}

/** Ends the named agent (the last started when unnamed) and closes its history entry. */
function stopAgent(state: SessionState, name: string | undefined, at: number): void {
  const idx = name !== undefined ? state.agents.lastIndexOf(name) : state.agents.length - 1;
  if (idx < 0) return;
  const [removed] = state.agents.splice(idx, 1);
  const h = [...state.agents_history].reverse().find((x) => x.name === removed && !x.completed_at);
  if (h) h.completed_at = iso(at);
}
