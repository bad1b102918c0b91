/**
 * Gemini CLI (`"hooks"` in `~/.gemini/settings.json`, command hooks). Events: SessionStart,
 * BeforeAgent (`prompt`), BeforeTool / AfterTool (`tool_name`, `tool_input`, `tool_response` with
 * `llmContent`, `returnDisplay`, `error`), AfterAgent (`prompt_response`), PreCompress,
 * Notification, SessionEnd. Its tools are renamed to Claude Code's where they mean the same.
 *
 * Seen from the real CLI (0.61): a shell call's `llmContent` is one string wrapped in
 * `<untrusted_context>`, with `Output: `, `Error: `, `Exit Code: ` (only when non-zero) and
 * `Process Group PGID: ` sections; the context a SessionStart hook returned is prepended to the
 * prompt BeforeAgent reports, as `<hook_context>…</hook_context>` (escaped); PreCompress fires with
 * trigger `auto` before every compression check, compressing or not, so only a `manual` one (the
 * user's `/compress`) is a compaction; an `auto` one is stored under its own name.
 */
import { geminiSearchCall } from './search-calls.js';
import { bashCall, memtrayEvent, rec, str, wholeFileRead, type AgentAdapter, type Json } from './shape.js';

const EVENTS: Record<string, string> = {
  SessionStart: 'SessionStart',
  BeforeAgent: 'UserPromptSubmit',
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  AfterAgent: 'Stop',
  Notification: 'Notification',
  SessionEnd: 'SessionEnd',
};

/** `llmContent` as text: a string, or the text parts of a Part list. */
function contentText(v: unknown): string {
  if (typeof v === 'string') return v;
  const parts = Array.isArray(v) ? v : [v];
  return parts.map((p) => str(rec(p).text) ?? '').join('');
}

/** How read_file's `llmContent` starts when it holds only part of the file. */
const TRUNCATED = /^\s*IMPORTANT: The file content has been truncated\./;

/** A leading `<hook_context>` block (the hooks' own context): not the user's words. */
const HOOK_CONTEXT = /^\s*(?:<hook_context>[\s\S]*?<\/hook_context>\s*)+/;
const SECTION = /^(Output|Error|Exit Code|Signal|Background PIDs|Process Group PGID): /m;

/** The sections of a shell call's `llmContent`, unwrapped from `<untrusted_context>`. */
function shellSections(text: string): Record<string, string> {
  const inner = /^<untrusted_context[^>]*>\n?([\s\S]*?)\n?<\/untrusted_context>$/.exec(text.trim());
  let rest = (inner ? inner[1]! : text).replaceAll('&lt;/untrusted_context&gt;', '</untrusted_context>');
  const out: Record<string, string> = {};
  let m = SECTION.exec(rest);
  if (!m || m.index !== 0) return { Output: rest };
  while (m) {
    const name = m[1]!;
    rest = rest.slice(m.index + m[0].length);
    const next = SECTION.exec(rest);
    out[name] = (next ? rest.slice(0, next.index) : rest).replace(/\n$/, '');
    m = next;
  }
  return out;
}

function shellCall(command: unknown, text: string | undefined): Json {
  if (text === undefined) return bashCall(command, undefined);
  const s = shellSections(text);
  const stdout = s.Output === '(empty)' ? '' : (s.Output ?? '');
  const call = bashCall(command, stdout, s.Error ?? '');
  const exit = s['Exit Code'] === undefined ? undefined : Number(s['Exit Code']);
  return exit !== undefined && exit !== 0 ? { ...call, exit_code: exit } : call;
}

/**
 * A Gemini CLI file tool in MemTray's terms (Claude Code's names and inputs), or null for another
 * tool: from its name, its arguments and, once it ran, the text it returned (`content`: the hook's
 * `llmContent`, a chat history's `output`; null before the call or when it is not text). A text
 * file read whole is that text as it is; a part of one starts with a notice and is left as sent.
 */
export function geminiFileCall(
  name: unknown,
  input: Json,
  content: string | null,
  errored: boolean,
): Json | null {
  const path = str(input.file_path) ?? str(input.absolute_path);
  switch (name) {
    case 'write_file':
      return { tool_name: 'Write', tool_input: { file_path: path, content: str(input.content) } };
    case 'replace':
      return {
        tool_name: 'Edit',
        tool_input: { file_path: path, old_string: input.old_string, new_string: input.new_string },
      };
    case 'read_file': {
      const whole = content !== null && !errored && !TRUNCATED.test(content);
      return {
        tool_name: 'Read',
        tool_input: { file_path: path },
        ...(whole ? { tool_response: wholeFileRead(path, content) } : {}),
      };
    }
    default:
      return null;
  }
}

function toolFields(p: Json, after: boolean): Json {
  const input = rec(p.tool_input);
  const response = rec(p.tool_response);
  const text = after ? contentText(response.llmContent) : undefined;
  if (p.tool_name === 'run_shell_command') return shellCall(input.command, text);
  const content = after && typeof response.llmContent === 'string' ? response.llmContent : null;
  const errored = response.error !== undefined;
  const file = geminiFileCall(p.tool_name, input, content, errored);
  if (file) return file;
  const search = geminiSearchCall(p.tool_name, input, errored ? null : content, str(p.cwd));
  // A failed search keeps what Gemini CLI said, under Claude Code's name.
  if (search && after && errored) return { ...search, tool_response: text };
  return search ?? (after ? { tool_response: text } : {});
}

export const geminiAdapter: AgentAdapter = {
  id: 'gemini',
  toMemTray(native, p) {
    let event = EVENTS[native] ?? (native === 'PreCompress' && p.trigger === 'manual' ? 'PreCompact' : null);
    const isTool = native === 'BeforeTool' || native === 'AfterTool';
    const fields: Json = isTool ? toolFields(p, native === 'AfterTool') : {};
    if (native === 'AfterTool' && rec(p.tool_response).error) {
      event = 'PostToolUseFailure';
      fields.error = rec(rec(p.tool_response).error).message ?? rec(p.tool_response).error;
    } else if (native === 'AfterTool' && typeof fields.exit_code === 'number') {
      event = 'PostToolUseFailure';
      fields.error = `exit code ${fields.exit_code}`;
    }
    if (native === 'BeforeAgent') fields.prompt = (str(p.prompt) ?? '').replace(HOOK_CONTEXT, '');
    if (isTool) fields.memtray_agent_tool = str(p.tool_name, 200);
    if (native === 'AfterAgent') fields.last_assistant_message = str(p.prompt_response);
    return memtrayEvent('gemini', native, p, { event, fields });
  },
};
