/**
 * Codex CLI (`~/.codex/hooks.json`, command hooks). Its hooks use Claude Code's event names and
 * snake_case fields (`session_id`, `turn_id`, `cwd`, `transcript_path`, `tool_name: "Bash"`,
 * `tool_input.command`); a shell call's `tool_response` is the printed output as one string, with
 * no exit code.
 */
import { bashCall, memtrayEvent, str, type AgentAdapter, type Json } from './shape.js';

const SAME = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'PreCompact',
  'PostCompact',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'SessionEnd',
]);

function toolFields(p: Json): Json {
  if (p.tool_name !== 'Bash') return {};
  const input = p.tool_input as { command?: unknown } | undefined;
  const out = typeof p.tool_response === 'string' ? p.tool_response : undefined;
  return bashCall(input?.command, out === undefined ? undefined : out);
}

export const codexAdapter: AgentAdapter = {
  id: 'codex',
  toMemTray(native, p) {
    const known = SAME.has(native) ? native : null;
    const tool = native.endsWith('ToolUse') ? toolFields(p) : {};
    // Codex sends no response for a PreToolUse; the mapped call must not invent one.
    if (native === 'PreToolUse') delete tool.tool_response;
    return memtrayEvent('codex', native, p, {
      event: known,
      fields: { ...tool, session_id: str(p.session_id, 200) },
    });
  },
};
