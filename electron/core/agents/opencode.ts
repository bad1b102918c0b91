/**
 * opencode, through MemTray's plugin (capture/agents/opencode-plugin.ts writes it): the plugin hands
 * each hook's arguments to the command hook as they are: `tool.execute.after` (`tool`, `sessionID`,
 * `callID`, `args`, and the result's `title`, `output`, `metadata`), `chat.message` (`sessionID`,
 * `prompt`: the text parts), and the bus events `session.created`, `session.idle` (the turn ended),
 * `session.compacted`, `session.deleted`; `directory` is the project folder opencode runs in.
 */
import { opencodeSearchCall } from './search-calls.js';
import { bashCall, memtrayEvent, rec, str, wholeFileRead, type AgentAdapter, type Json } from './shape.js';

const EVENTS: Record<string, string> = {
  'session.created': 'SessionStart',
  'chat.message': 'UserPromptSubmit',
  'tool.execute.before': 'PreToolUse',
  'tool.execute.after': 'PostToolUse',
  'session.idle': 'Stop',
  'session.compacted': 'PostCompact',
  'session.deleted': 'SessionEnd',
};

/**
 * An opencode tool other than `bash` in MemTray's terms (Claude Code's names and inputs): from its
 * name, its arguments and what it printed. A file read whole is stored as Claude Code's Read
 * reports it; a part of one, as printed. A subagent's task is `Task` with what it reported, the task
 * list `TodoWrite`; searches: agents/search-calls.ts.
 */
export function opencodeCall(tool: unknown, args: Json, output: string | undefined): Json {
  const path = str(args.filePath) ?? str(args.file_path);
  switch (tool) {
    case 'write':
      return { tool_name: 'Write', tool_input: { file_path: path, content: str(args.content) } };
    case 'edit':
      return {
        tool_name: 'Edit',
        tool_input: { file_path: path, old_string: args.oldString, new_string: args.newString },
      };
    case 'read': {
      const whole = output === undefined ? null : wholeText(output);
      const response = whole === null ? output : wholeFileRead(path, whole);
      return { tool_name: 'Read', tool_input: { file_path: path }, tool_response: response };
    }
    case 'todowrite':
      return { tool_name: 'TodoWrite', tool_input: { todos: args.todos }, tool_response: output };
    case 'task':
      return {
        tool_name: 'Task',
        tool_input: { description: args.description, prompt: args.prompt, subagent_type: args.subagent_type },
        tool_response: output === undefined ? undefined : taskResult(output),
      };
    default:
      return (
        opencodeSearchCall(tool, args, output) ?? {
          tool_name: str(tool, 200) ?? 'unknown',
          tool_input: args,
          tool_response: output,
        }
      );
  }
}

/** What a subagent reported: the text inside `<task_result>` (the rest is opencode's wrapper). */
export function taskResult(output: string): string {
  const open = output.indexOf('<task_result>');
  const close = output.lastIndexOf('</task_result>');
  return open >= 0 && close > open ? output.slice(open + '<task_result>'.length, close).trim() : output;
}

function toolFields(p: Json): Json {
  const args = rec(p.args);
  const output = str(p.output);
  const call: Json = { tool_use_id: str(p.callID, 200), memtray_agent_tool: str(p.tool, 200) };
  if (p.tool === 'bash') return { ...call, ...bashCall(args.command, output) };
  return { ...call, ...opencodeCall(p.tool, args, output) };
}

/** Read output this long or longer is not parsed for the file's text. */
const READ_PARSE_MAX = 256 * 1024;
/** How opencode's read output ends when the read reached the file's end. */
const END = /\(End of file - total (\d+) lines\)\n<\/content>\s*$/;
const NUMBERED = /^(\d+):(?: (.*))?$/;

/**
 * The file's text when opencode's read output holds all of it (its lines numbered in `<content>`
 * from 1 up to the total the end marker states), else null: a part of a file, or other output.
 */
export function wholeText(output: string): string | null {
  if (output.length >= READ_PARSE_MAX) return null;
  const open = output.indexOf('<content>\n');
  const close = output.lastIndexOf('(End of file - total ');
  const end = close > open && open >= 0 ? END.exec(output.slice(close)) : null;
  if (!end) return null;
  // Every line is numbered (an empty one too): the blank lines before the end marker are not the file's.
  const body = output.slice(open + '<content>\n'.length, close).replace(/\n+$/, '');
  const lines = body === '' ? [] : body.split('\n');
  if (lines.length !== Number(end[1])) return null;
  const text: string[] = [];
  for (const [i, l] of lines.entries()) {
    const n = NUMBERED.exec(l);
    if (!n || Number(n[1]) !== i + 1) return null;
    text.push(n[2] ?? '');
  }
  return lines.length === 0 ? '' : `${text.join('\n')}\n`;
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
