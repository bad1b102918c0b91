/**
 * opencode, through MemTray's plugin (capture/agents/opencode-plugin.ts writes it): the plugin hands
 * each hook's arguments to the command hook as they are: `tool.execute.after` (`tool`, `sessionID`,
 * `callID`, `args`, and the result's `title`, `output`, `metadata`), `chat.message` (`sessionID`,
 * `prompt`: the text parts), and the bus events `session.created`, `session.idle` (the turn ended),
 * `session.compacted`, `session.deleted`; `directory` is the project folder opencode runs in.
 */
import { bashCall, memtrayEvent, rec, str, type AgentAdapter, type Json } from './shape.js';

const EVENTS: Record<string, string> = {
  'session.created': 'SessionStart',
  'chat.message': 'UserPromptSubmit',
  'tool.execute.before': 'PreToolUse',
  'tool.execute.after': 'PostToolUse',
  'session.idle': 'Stop',
  'session.compacted': 'PostCompact',
  'session.deleted': 'SessionEnd',
};

function toolFields(p: Json): Json {
  const args = rec(p.args);
  const output = str(p.output);
  const path = str(args.filePath) ?? str(args.file_path);
  const call: Json = { tool_use_id: str(p.callID, 200), memtray_agent_tool: str(p.tool, 200) };
  switch (p.tool) {
    case 'bash':
      return { ...call, ...bashCall(args.command, output) };
    case 'write':
      return { ...call, tool_name: 'Write', tool_input: { file_path: path, content: str(args.content) } };
    case 'edit':
      return {
        ...call,
        tool_name: 'Edit',
        tool_input: { file_path: path, old_string: args.oldString, new_string: args.newString },
      };
    case 'read':
      return { ...call, tool_name: 'Read', tool_input: { file_path: path }, tool_response: output };
    default:
      return { ...call, tool_name: str(p.tool, 200) ?? 'unknown', tool_input: args, tool_response: output };
  }
}

/** A shell call that exited non-zero (opencode's bash tool reports `metadata.exit`). */
function failed(p: Json): boolean {
  const exit = rec(p.metadata).exit;
  return p.tool === 'bash' && typeof exit === 'number' && exit !== 0;
}

export const opencodeAdapter: AgentAdapter = {
  id: 'opencode',
  toMemTray(native, p) {
    let event = EVENTS[native] ?? null;
    const fields: Json = { session_id: str(p.sessionID, 200), cwd: str(p.directory, 4096) };
    if (native.startsWith('tool.execute.')) Object.assign(fields, toolFields(p));
    if (native === 'tool.execute.before') delete fields.tool_response;
    if (native === 'tool.execute.after' && failed(p)) {
      event = 'PostToolUseFailure';
      fields.error = `exit code ${String(rec(p.metadata).exit)}`;
    }
    if (native === 'chat.message') fields.prompt = str(p.prompt) ?? '';
    return memtrayEvent('opencode', native, p, { event, fields, moved: ['output', 'args'] });
  },
};
