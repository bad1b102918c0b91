/**
 * Codex CLI history: `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`, one session per file. Lines
 * are `{timestamp, type, payload}`: `session_meta` (id, cwd), `turn_context` (cwd), `event_msg`
 * (`item_completed` with the user's message, `task_complete` ending a turn with the last answer;
 * older Codex wrote `user_message`), `response_item` (`function_call` / `custom_tool_call` and their
 * `*_output` by `call_id`). A shell call's output reads "Process exited with code N … Output:\n…"
 * (older Codex: JSON with `metadata.exit_code`).
 */
import { join } from 'node:path';
import { rec, str } from '../agents/shape.js';
import { readJsonlLines } from './jsonl-reader.js';
import {
  ms,
  parseJson,
  SessionEvents,
  walkFiles,
  type HistoryRead,
  type HistorySource,
} from './import-history.js';

type Rec = Record<string, unknown>;

interface Call {
  at: number;
  name: string;
  args: unknown;
  ordinal: number;
}

/** A shell call's command, whichever shape its arguments have. */
function shellCommand(name: string, args: unknown): string | null {
  const a = rec(args);
  if (name === 'exec_command' && typeof a.cmd === 'string') return a.cmd;
  if (name === 'shell_command' && typeof a.command === 'string') return a.command;
  if (name === 'shell' && Array.isArray(a.command)) {
    const argv = a.command.filter((x): x is string => typeof x === 'string');
    // ["bash", "-lc", "<script>"] is the script.
    return argv.length === 3 && argv[1] === '-lc' ? argv[2]! : argv.join(' ');
  }
  return null;
}

/** The printed output and whether the command failed. */
function shellOutput(raw: unknown): { output: string; failed: boolean } {
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw ?? '');
  const code = /Process exited with code (-?\d+)/.exec(text);
  if (code) {
    const at = text.indexOf('Output:\n');
    return { output: at >= 0 ? text.slice(at + 8) : text, failed: code[1] !== '0' };
  }
  const j = rec(parseJson(text));
  const exit = rec(j.metadata).exit_code;
  if (typeof j.output === 'string')
    return { output: j.output, failed: typeof exit === 'number' && exit !== 0 };
  return { output: text, failed: false };
}

function userText(item: Rec): string {
  const parts = Array.isArray(item.content) ? item.content : [];
  return parts
    .map((p) => str(rec(p).text) ?? '')
    .join('')
    .trim();
}

function mapLine(s: SessionEvents, o: Rec, n: number, calls: Map<string, Call>, usedItems: boolean): void {
  const at = ms(o.timestamp) ?? 0;
  const p = rec(o.payload);
  if (o.type === 'turn_context' && typeof p.cwd === 'string') s.cwd = p.cwd;
  if (o.type === 'event_msg') {
    const item = rec(p.item);
    if (p.type === 'item_completed' && item.type === 'UserMessage') {
      const text = userText(item);
      if (text) s.prompt(at, `prompt:${str(item.id, 200) ?? n}`, text);
    } else if (p.type === 'user_message' && !usedItems && typeof p.message === 'string' && p.message.trim())
      s.prompt(at, `prompt:${n}`, p.message.trim());
    else if (p.type === 'task_complete')
      s.stop(at, `stop:${str(p.turn_id, 200) ?? n}`, str(p.last_agent_message) ?? null);
  }
  if (o.type !== 'response_item') return;
  const callId = str(p.call_id, 200);
  if (!callId) return;
  if (p.type === 'function_call' || p.type === 'custom_tool_call') {
    const args = p.type === 'function_call' ? (parseJson(String(p.arguments ?? '')) ?? p.arguments) : p.input;
    calls.set(callId, { at, name: str(p.name, 200) ?? 'tool', args, ordinal: n });
  } else if (p.type === 'function_call_output' || p.type === 'custom_tool_call_output') {
    const call = calls.get(callId);
    if (!call) return;
    calls.delete(callId);
    const command = shellCommand(call.name, call.args);
    const out = shellOutput(p.output);
    if (command !== null) s.shell({ at: call.at, callId, command, output: out.output, failed: out.failed });
    else {
      // Its freeform patch tool's input is the patch; its hook sends it as `{command}`.
      const patch = call.name === 'apply_patch' && typeof call.args === 'string';
      const input = patch ? { command: call.args } : call.args;
      s.tool({ at: call.at, callId, name: call.name, input, output: out.output, failed: false });
    }
  }
}

async function readRollout(file: string, shouldStop?: () => boolean): Promise<HistoryRead> {
  const lines: Rec[] = [];
  let skipped = 0;
  for await (const line of readJsonlLines(file, shouldStop ? { shouldStop } : {})) {
    if (!line.trim()) continue;
    const o = parseJson(line);
    if (o && typeof o === 'object' && !Array.isArray(o)) lines.push(o as Rec);
    else skipped++;
  }
  const meta = rec(lines.find((o) => o.type === 'session_meta')?.payload);
  const id = str(meta.id, 200) ?? str(meta.session_id, 200);
  if (!id) return { sessions: [], skipped: skipped + lines.length };
  const s = new SessionEvents('codex', id, str(meta.cwd) ?? null);
  s.start(ms(meta.timestamp) ?? ms(lines[0]?.timestamp) ?? 0);
  const usedItems = lines.some((o) => rec(rec(o.payload).item).type === 'UserMessage');
  const calls = new Map<string, Call>();
  lines.forEach((o, n) => mapLine(s, o, n, calls, usedItems));
  return { sessions: [{ id, events: s.events }], skipped };
}

export const codexHistory: HistorySource = {
  agent: 'codex',
  defaultRoot: (home) => join(home, '.codex', 'sessions'),
  files: (root) => walkFiles(root, (n) => n.startsWith('rollout-') && n.endsWith('.jsonl'), 4),
  read: readRollout,
};
