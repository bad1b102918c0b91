/**
 * Gemini CLI history: `~/.gemini/tmp/<project>/chats/session-*.jsonl`, one session per file, the
 * project's folder in `<project>/.project_root`. The first line is the session's metadata
 * (`sessionId`, `startTime`); then message records (`id`, `timestamp`, `type`: `user` or `gemini`),
 * a record written again under the same id replacing the earlier one (a `gemini` record gains its
 * `toolCalls` with their results), and `{"$set": {…}}` patch lines (a `messages` list replaces the
 * messages so far). A shell call (`run_shell_command`) reports "Output: … Exit Code: N".
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { geminiFileCall } from '../agents/gemini.js';
import { geminiSearchCall } from '../agents/search-calls.js';
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

/** The printed output of a shell call and whether it failed. */
function geminiShellOutput(raw: unknown): { output: string; failed: boolean } {
  let text = typeof raw === 'string' ? raw : JSON.stringify(raw ?? '');
  text = text.replace(/^<untrusted_context>\n?/, '').replace(/\n?<\/untrusted_context>$/, '');
  const code = /^Exit Code: (-?\d+)$/m.exec(text);
  text = text
    .replace(/^Process Group PGID: .*$/m, '')
    .replace(/^Exit Code: .*$/m, '')
    .replace(/^Output: /, '')
    .trim();
  return { output: text, failed: code !== null && code[1] !== '0' };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content.trim();
  if (!Array.isArray(content)) return '';
  if (content.some((p) => rec(p).functionResponse !== undefined)) return '';
  return content
    .map((p) => str(rec(p).text) ?? '')
    .join('')
    .trim();
}

function toolCall(s: SessionEvents, at: number, c: Rec): void {
  const id = str(c.id, 200);
  const name = str(c.name, 200);
  if (!id || !name) return;
  const result = rec(rec(Array.isArray(c.result) ? c.result[0] : undefined).functionResponse).response;
  const response = rec(result);
  const errored = c.status === 'error' || response.error !== undefined;
  if (name === 'run_shell_command') {
    const out = geminiShellOutput(response.output ?? response.error ?? '');
    s.shell({
      at,
      callId: id,
      command: String(rec(c.args).command ?? ''),
      output: out.output,
      failed: errored || out.failed,
    });
    return;
  }
  // A file or search tool gets Claude Code's name and input, as the hook's calls do (agents/gemini.ts).
  const output = typeof response.output === 'string' ? response.output : null;
  const call = geminiFileCall(name, rec(c.args), output, errored) ??
    geminiSearchCall(name, rec(c.args), errored ? null : output, s.cwd ?? undefined) ?? {
      tool_name: name,
      tool_input: c.args,
    };
  s.tool({
    at,
    callId: id,
    name: String(call.tool_name),
    input: call.tool_input,
    output: call.tool_response ?? result ?? null,
    failed: errored,
  });
}

function mapMessage(s: SessionEvents, m: Rec): void {
  const at = ms(m.timestamp) ?? 0;
  const id = str(m.id, 200) ?? String(at);
  if (m.type === 'user') {
    const text = textOf(m.content);
    // The context Gemini CLI sends first is not the user's.
    if (text && !text.startsWith('<session_context>')) s.prompt(at, `prompt:${id}`, text);
    return;
  }
  if (m.type !== 'gemini') return;
  const calls = Array.isArray(m.toolCalls) ? m.toolCalls : [];
  for (const c of calls) toolCall(s, ms(rec(c).timestamp) ?? at, rec(c));
  const text = textOf(m.content);
  if (calls.length === 0 && text) s.stop(at, `stop:${id}`, text);
}

function projectRoot(file: string): string | null {
  try {
    return readFileSync(join(dirname(dirname(file)), '.project_root'), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

async function readChat(file: string, shouldStop?: () => boolean): Promise<HistoryRead> {
  const meta: Rec = {};
  let messages = new Map<string, Rec>();
  let skipped = 0;
  for await (const line of readJsonlLines(file, shouldStop ? { shouldStop } : {})) {
    if (!line.trim()) continue;
    const o = rec(parseJson(line));
    if (Object.keys(o).length === 0) {
      skipped++;
      continue;
    }
    if (o.$set !== undefined) {
      const set = rec(o.$set);
      if (Array.isArray(set.messages))
        messages = new Map(set.messages.map((m, n) => [str(rec(m).id, 200) ?? `set:${n}`, rec(m)]));
      for (const [k, v] of Object.entries(set)) if (k !== 'messages') meta[k] = v;
    } else if (typeof o.type === 'string' && typeof o.id === 'string') messages.set(o.id, o);
    else Object.assign(meta, o);
  }
  const id = str(meta.sessionId, 200);
  if (!id) return { sessions: [], skipped: skipped + messages.size };
  const s = new SessionEvents('gemini', id, projectRoot(file));
  const first = messages.values().next().value;
  s.start(ms(meta.startTime) ?? ms(first?.timestamp) ?? 0);
  for (const m of messages.values()) mapMessage(s, m);
  return { sessions: [{ id, events: s.events }], skipped };
}

export const geminiHistory: HistorySource = {
  agent: 'gemini',
  defaultRoot: (home) => join(home, '.gemini', 'tmp'),
  files: (root) =>
    walkFiles(root, (n) => n.startsWith('session-') && n.endsWith('.jsonl'), 2).filter(
      (f) => basename(dirname(f.path)) === 'chats',
    ),
  read: readChat,
};
