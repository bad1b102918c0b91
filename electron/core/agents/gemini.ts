/**
 * Gemini CLI (`"hooks"` in `~/.gemini/settings.json`, command hooks). Events: SessionStart,
 * BeforeAgent (`prompt`), BeforeTool / AfterTool (`tool_name`, `tool_input`, `tool_response` with
 * `llmContent`, `returnDisplay`, `error`), AfterAgent (`prompt_response`), PreCompress,
 * Notification, SessionEnd. Its tools are renamed to Claude Code's where they mean the same.
 */
import { bashCall, memtrayEvent, rec, str, type AgentAdapter, type Json } from './shape.js';

const EVENTS: Record<string, string> = {
  SessionStart: 'SessionStart',
  BeforeAgent: 'UserPromptSubmit',
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  AfterAgent: 'Stop',
  PreCompress: 'PreCompact',
  Notification: 'Notification',
  SessionEnd: 'SessionEnd',
};

/** `llmContent` as text: a string, or the text parts of a Part list. */
function contentText(v: unknown): string {
  if (typeof v === 'string') return v;
  const parts = Array.isArray(v) ? v : [v];
  return parts.map((p) => str(rec(p).text) ?? '').join('');
}

function toolFields(p: Json, after: boolean): Json {
  const input = rec(p.tool_input);
  const response = rec(p.tool_response);
  const text = after ? contentText(response.llmContent) : undefined;
  const path = str(input.file_path) ?? str(input.absolute_path);
  switch (p.tool_name) {
    case 'run_shell_command':
      return bashCall(input.command, text);
    case 'write_file':
      return { tool_name: 'Write', tool_input: { file_path: path, content: str(input.content) } };
    case 'replace':
      return {
        tool_name: 'Edit',
        tool_input: { file_path: path, old_string: input.old_string, new_string: input.new_string },
      };
    case 'read_file':
      return { tool_name: 'Read', tool_input: { file_path: path } };
    default:
      return after ? { tool_response: text } : {};
  }
}

export const geminiAdapter: AgentAdapter = {
  id: 'gemini',
  toMemTray(native, p) {
    let event = EVENTS[native] ?? null;
    const isTool = native === 'BeforeTool' || native === 'AfterTool';
    const fields: Json = isTool ? toolFields(p, native === 'AfterTool') : {};
    if (native === 'AfterTool' && rec(p.tool_response).error) {
      event = 'PostToolUseFailure';
      fields.error = rec(rec(p.tool_response).error).message ?? rec(p.tool_response).error;
    }
    if (isTool) fields.memtray_agent_tool = str(p.tool_name, 200);
    if (native === 'AfterAgent') fields.last_assistant_message = str(p.prompt_response);
    return memtrayEvent('gemini', native, event, p, fields);
  },
};
