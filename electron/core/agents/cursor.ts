/**
 * Cursor (`~/.cursor/hooks.json`, version 1, command hooks). Written from Cursor's published hook
 * schema, not a live run (Cursor needs an account): every payload carries `conversation_id`,
 * `generation_id`, `hook_event_name` and `workspace_roots`; `beforeSubmitPrompt` has `prompt`,
 * `afterShellExecution` `command` and `output`, `afterFileEdit` `file_path` and `edits`
 * (`old_string` / `new_string`), `afterMCPExecution` `tool_name`, `tool_input`, `result_json`,
 * `afterAgentResponse` `text`, `stop` `status`.
 */
import { bashCall, memtrayEvent, rec, str, type AgentAdapter, type Json } from './shape.js';

const EVENTS: Record<string, string> = {
  sessionStart: 'SessionStart',
  beforeSubmitPrompt: 'UserPromptSubmit',
  afterShellExecution: 'PostToolUse',
  afterFileEdit: 'PostToolUse',
  afterMCPExecution: 'PostToolUse',
  stop: 'Stop',
  preCompact: 'PreCompact',
  sessionEnd: 'SessionEnd',
};

function editFields(p: Json): Json {
  const edits = Array.isArray(p.edits) ? p.edits.slice(0, 100).map(rec) : [];
  return {
    tool_name: 'Edit',
    tool_input: {
      file_path: str(p.file_path, 4096),
      old_string: edits.map((e) => str(e.old_string) ?? '').join('\n'),
      new_string: edits.map((e) => str(e.new_string) ?? '').join('\n'),
    },
  };
}

function toolFields(native: string, p: Json): Json {
  if (native === 'afterShellExecution') return bashCall(p.command, str(p.output) ?? '');
  if (native === 'afterFileEdit') return editFields(p);
  if (native === 'afterMCPExecution')
    return { tool_name: `mcp:${str(p.tool_name, 200) ?? 'unknown'}`, tool_response: p.result_json };
  return {};
}

export const cursorAdapter: AgentAdapter = {
  id: 'cursor',
  toMemTray(native, p) {
    const roots = Array.isArray(p.workspace_roots) ? p.workspace_roots : [];
    const fields: Json = {
      session_id: str(p.conversation_id, 200) ?? str(p.session_id, 200),
      cwd: str(roots[0], 4096) ?? str(p.cwd, 4096),
      ...toolFields(native, p),
    };
    if (native === 'beforeSubmitPrompt') fields.prompt = str(p.prompt) ?? '';
    if (native === 'stop') fields.last_assistant_message = str(p.last_assistant_message);
    return memtrayEvent('cursor', native, p, {
      event: EVENTS[native] ?? null,
      fields,
      moved: ['output', 'result_json'],
    });
  },
};
