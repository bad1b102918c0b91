/**
 * GitHub Copilot CLI (`.github/hooks/*.json`, version 1, command hooks). Written from its published
 * hook schema, not a live run (Copilot needs an account): camelCase payloads with `timestamp` and
 * `cwd`; `userPromptSubmitted` has `prompt`, `preToolUse` / `postToolUse` `toolName` and `toolArgs`
 * (a JSON string), `postToolUse` `toolResult` (`resultType`: success | failure | denied,
 * `textResultForLlm`), `sessionEnd` `reason`, `errorOccurred` `error`. The schema names no session:
 * a `sessionId` is used when present, else one session per folder and day.
 */
import { bashCall, memtrayEvent, rec, str, type AgentAdapter, type Json } from './shape.js';

const EVENTS: Record<string, string> = {
  sessionStart: 'SessionStart',
  userPromptSubmitted: 'UserPromptSubmit',
  preToolUse: 'PreToolUse',
  postToolUse: 'PostToolUse',
  agentStop: 'Stop',
  subagentStop: 'SubagentStop',
  sessionEnd: 'SessionEnd',
};

function args(p: Json): Json {
  if (typeof p.toolArgs !== 'string') return rec(p.toolArgs);
  try {
    return rec(JSON.parse(p.toolArgs.slice(0, 1_000_000)));
  } catch {
    return { raw: p.toolArgs.slice(0, 10_000) };
  }
}

function toolFields(p: Json): Json {
  const a = args(p);
  const text = str(rec(p.toolResult).textResultForLlm);
  if (p.toolName === 'bash' || p.toolName === 'shell') return bashCall(a.command, text);
  const name = p.toolName === 'edit' ? 'Edit' : p.toolName === 'create' ? 'Write' : str(p.toolName, 200);
  return { tool_name: name ?? 'unknown', tool_input: a, tool_response: text };
}

function sessionOf(p: Json): string {
  const id = str(p.sessionId, 200) ?? str(p.session_id, 200);
  if (id) return id;
  const at = typeof p.timestamp === 'number' ? new Date(p.timestamp) : new Date();
  const day = Number.isNaN(at.getTime()) ? 'unknown' : at.toISOString().slice(0, 10);
  return `copilot:${str(p.cwd, 150) ?? 'unknown'}:${day}`.slice(0, 200);
}

export const copilotAdapter: AgentAdapter = {
  id: 'copilot',
  toMemTray(native, p) {
    let event = EVENTS[native] ?? null;
    const fields: Json = { session_id: sessionOf(p), cwd: str(p.cwd, 4096) };
    if (native === 'preToolUse' || native === 'postToolUse') {
      Object.assign(fields, toolFields(p));
      fields.memtray_agent_tool = str(p.toolName, 200);
    }
    if (native === 'preToolUse') delete fields.tool_response;
    const result = str(rec(p.toolResult).resultType, 40);
    if (native === 'postToolUse' && (result === 'failure' || result === 'denied')) {
      event = 'PostToolUseFailure';
      fields.error = result;
    }
    if (native === 'userPromptSubmitted') fields.prompt = str(p.prompt) ?? '';
    if (native === 'sessionEnd') fields.reason = str(p.reason, 200);
    return memtrayEvent('copilot', native, p, { event, fields, moved: ['toolArgs', 'toolResult'] });
  },
};
