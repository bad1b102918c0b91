/**
 * Reads Claude Code transcript JSONL files (`~/.claude/projects/<slug>/<session>.jsonl` and the
 * subagent transcripts under `<session>/subagents/`) into the two things MemTray records: user
 * prompts and tool calls (a `tool_use` block paired with its `tool_result`), plus what a person
 * would remember of a session: the assistant's own words (text blocks of the main chain, attached
 * to the tool calls of the same message and listed as replies) and Claude Code's compaction
 * summary. Malformed lines are counted and skipped; progress, snapshot and system lines are ignored.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { wellFormedDeep } from '../ingest/well-formed.js';
import { readJsonlLines, RefusedFile, type JsonlLimits } from './jsonl-reader.js';
import { assistantText, compactionText, SAID_MAX } from './transcript-words.js';
import type { TranscriptItem, TranscriptToolCall } from './transcript-item.js';

export type {
  TranscriptCompaction,
  TranscriptItem,
  TranscriptPrompt,
  TranscriptToolCall,
} from './transcript-item.js';
import { isRecord } from '../util/json-text.js';

interface TranscriptRead {
  items: TranscriptItem[];
  lines: number;
  skippedLines: number;
  lastAt: number | null;
}

type Rec = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Injected by Claude Code, not typed by the user: never a prompt. */
const SYNTHETIC_PREFIXES = [
  '<local-command-',
  '<task-notification>',
  '<system-reminder>',
  '<bash-input>',
  '<bash-stdout>',
  '[Request interrupted',
  'Caveat: The messages below',
];

/** The prompt text of a user line, or null when the line is not a user-typed prompt. */
function promptText(line: Rec): string | null {
  if (line.isSidechain === true || line.isMeta === true || line.isCompactSummary === true) return null;
  if (line.isVisibleInTranscriptOnly === true) return null;
  const msg = line.message;
  if (!isRecord(msg)) return null;
  let text: string;
  if (typeof msg.content === 'string') text = msg.content;
  else if (Array.isArray(msg.content)) {
    const parts: string[] = [];
    for (const b of msg.content) {
      if (!isRecord(b)) continue;
      if (b.type === 'tool_result') return null;
      if (b.type === 'text' && typeof b.text === 'string') parts.push(b.text);
    }
    if (parts.length === 0) return null;
    text = parts.join('\n');
  } else return null;
  const trimmed = text.trimStart();
  if (SYNTHETIC_PREFIXES.some((p) => trimmed.startsWith(p))) return null;
  // A slash command is recorded as tags; Claude Code's UserPromptSubmit sees "/name args".
  const cmd = /<command-name>([^<]*)<\/command-name>/.exec(trimmed);
  if (cmd) {
    const args = /<command-args>([\s\S]*?)<\/command-args>/.exec(trimmed)?.[1]?.trim() ?? '';
    const name = cmd[1]!.trim();
    return args ? `${name} ${args}` : name;
  }
  if (trimmed.startsWith('<command-message>')) return null;
  return text;
}

/** Terminal colour codes (ESC [ … m) in what a command printed: not text. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The text a local slash command printed (`<local-command-stdout>…`), or null. */
function localCommandOutput(line: Rec): string | null {
  if (line.isSidechain === true || !isRecord(line.message)) return null;
  const c = line.message.content;
  if (typeof c !== 'string') return null;
  const m = /^\s*<local-command-stdout>([\s\S]*?)(?:<\/local-command-stdout>|$)/.exec(
    c.slice(0, SAID_MAX + 60),
  );
  const text = m?.[1]?.replace(ANSI_COLOUR, '').trim() ?? '';
  return text === '' ? null : text.slice(0, SAID_MAX);
}

const timeOf = (line: Rec): number | null => {
  const t = str(line.timestamp);
  if (!t) return null;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? ms : null;
};

/**
 * Parses one transcript file. Tool calls are emitted when their result arrives (unpaired ones are
 * left out). Lines come from the bounded reader (jsonl-reader.ts): a file that is not a regular
 * file, or too big, is refused (RefusedFile); an over-long line is skipped and counted.
 */
export async function readTranscript(path: string, limits: JsonlLimits = {}): Promise<TranscriptRead> {
  const read = new TranscriptReader();
  let lines = 0;
  let skippedLines = 0;
  let lastAt: number | null = null;
  const stats = { oversizedLines: 0, bytes: 0 };
  for await (const raw of readJsonlLines(path, limits, stats)) {
    if (raw.trim() === '') continue;
    lines++;
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch {
      skippedLines++;
      continue;
    }
    if (!isRecord(line)) {
      skippedLines++;
      continue;
    }
    const at: number = timeOf(line) ?? lastAt ?? 0;
    if (at > (lastAt ?? 0)) lastAt = at;
    read.line(line, at);
  }
  return {
    items: read.items,
    lines: lines + stats.oversizedLines,
    skippedLines: skippedLines + stats.oversizedLines,
    lastAt,
  };
}

/** The session a line belongs to and its time. */
interface LinePlace {
  sessionId: string;
  at: number;
}

/** What the lines of one transcript add up to: items, and the tool calls still waiting for their result. */
class TranscriptReader {
  readonly items: TranscriptItem[] = [];
  private readonly pending = new Map<string, Omit<TranscriptToolCall, 'response' | 'failed'>>();
  private readonly saidByMessage = new Map<string, string>();

  line(line: Rec, at: number): void {
    const sessionId = str(line.sessionId);
    const msg = line.message;
    if (!sessionId || !isRecord(msg)) return;
    if (line.type === 'assistant' && Array.isArray(msg.content))
      this.assistant(line, msg, msg.content, { sessionId, at });
    else if (line.type === 'user') this.user(line, msg, sessionId, at);
  }

  /** An assistant message: its words (main chain only) and its tool calls, pending until their results. */
  private assistant(line: Rec, msg: Rec, content: unknown[], { sessionId, at }: LinePlace): void {
    const cwd = str(line.cwd);
    const said =
      line.isSidechain === true
        ? null
        : assistantText(line, msg, { byMessage: this.saidByMessage, items: this.items }, { sessionId, at });
    for (const b of content) {
      if (!isRecord(b) || b.type !== 'tool_use') continue;
      const id = str(b.id);
      const name = str(b.name);
      if (!id || !name) continue;
      this.pending.set(id, {
        kind: 'tool',
        toolUseId: id,
        sessionId,
        cwd,
        name,
        input: b.input ?? null,
        at,
        agentId: line.isSidechain === true ? (str(line.agentId) ?? 'subagent') : null,
        said,
      });
    }
  }

  /** A user line: a compaction summary, a slash command's output, a prompt, or tool results. */
  private user(line: Rec, msg: Rec, sessionId: string, at: number): void {
    const cwd = str(line.cwd);
    const compaction = compactionText(line);
    if (compaction !== null) {
      this.items.push({
        kind: 'compaction',
        uuid: str(line.uuid) ?? `${sessionId}:${at}`,
        sessionId,
        cwd,
        text: compaction,
        at,
      });
      return;
    }
    // What a slash command printed (`/mcp` → "Reconnected to tidewave.") is how its turn ended.
    const printed = localCommandOutput(line);
    if (printed !== null) {
      this.items.push({
        kind: 'reply',
        uuid: str(line.uuid) ?? `${sessionId}:${at}`,
        sessionId,
        text: printed,
        at,
      });
      return;
    }
    const prompt = promptText(line);
    const uuid = str(line.uuid);
    if (prompt !== null && uuid) {
      this.items.push({ kind: 'prompt', uuid, sessionId, cwd, text: prompt, at });
      return;
    }
    if (Array.isArray(msg.content)) this.results(line, msg.content, at);
  }

  /** Tool results pair with their pending calls; a lone result carries the line's structured result. */
  private results(line: Rec, content: unknown[], at: number): void {
    const results = content.filter((b): b is Rec => isRecord(b) && b.type === 'tool_result');
    for (const r of results) {
      const id = str(r.tool_use_id);
      const call = id ? this.pending.get(id) : undefined;
      if (!id || !call) continue;
      this.pending.delete(id);
      const structured = results.length === 1 ? line.toolUseResult : undefined;
      this.items.push({
        ...call,
        at,
        response: structured !== undefined && structured !== null ? structured : (r.content ?? null),
        failed: r.is_error === true,
      });
    }
  }
}

/** A session's transcript plus its subagent transcripts (`<dir>/<session>/subagents/*.jsonl`). */
export interface TranscriptSet {
  sessionId: string;
  main: string | null;
  subagents: string[];
  mtimeMs: number;
}

export function subagentFiles(mainPath: string): string[] {
  const dir = join(dirname(mainPath), basename(mainPath, '.jsonl'), 'subagents');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * Finds transcripts under the given files/folders, grouped per session (subagents with their parent).
 * A folder or file that cannot be read (permissions, vanished meanwhile) is skipped and reported to
 * `onSkip` (its path and error code), never fatal.
 */
export function findTranscripts(
  roots: string[],
  onSkip: (path: string, code: string) => void = () => {},
): TranscriptSet[] {
  const sets = new Map<string, TranscriptSet>();
  const add = (file: string, mtimeMs: number): void => {
    const isSub = basename(dirname(file)) === 'subagents';
    const key = isSub ? join(dirname(dirname(file))) + '.jsonl' : file;
    let s = sets.get(key);
    if (!s) {
      s = { sessionId: basename(key, '.jsonl'), main: null, subagents: [], mtimeMs: 0 };
      sets.set(key, s);
    }
    if (isSub) {
      if (!s.subagents.includes(file)) s.subagents.push(file);
    } else s.main = file;
    s.mtimeMs = Math.max(s.mtimeMs, mtimeMs);
  };
  const walk = (p: string, depth: number): void => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isFile()) {
      if (p.endsWith('.jsonl')) add(p, st.mtimeMs);
      return;
    }
    if (!st.isDirectory() || depth > 6) return;
    let names: string[];
    try {
      names = readdirSync(p).sort();
    } catch (err) {
      onSkip(p, (err as NodeJS.ErrnoException).code ?? 'ERROR');
      return;
    }
    for (const f of names) walk(join(p, f), depth + 1);
  };
  for (const r of roots) walk(r, 0);
  return [...sets.values()].sort((a, b) => a.mtimeMs - b.mtimeMs);
}

export interface TranscriptSetRead extends TranscriptRead {
  files: number;
  /** Files not read, and why (never their content). */
  refused: Array<{ path: string; reason: string }>;
}

/** Reads a session's main transcript and its subagents, merged into one time-ordered list. */
export async function readTranscriptSet(
  set: Pick<TranscriptSet, 'main' | 'subagents'>,
  limits: JsonlLimits = {},
): Promise<TranscriptSetRead> {
  const files = [...(set.main ? [set.main] : []), ...set.subagents];
  const out: TranscriptSetRead = {
    items: [],
    lines: 0,
    skippedLines: 0,
    lastAt: null,
    files: 0,
    refused: [],
  };
  for (const f of files) {
    let r: TranscriptRead;
    try {
      r = await readTranscript(f, limits);
    } catch (err) {
      if (err instanceof RefusedFile && err.reason === 'stopped') throw err;
      out.refused.push({ path: f, reason: err instanceof RefusedFile ? err.reason : 'unreadable' });
      continue;
    }
    out.files++;
    out.items.push(...r.items);
    out.lines += r.lines;
    out.skippedLines += r.skippedLines;
    if (r.lastAt !== null && r.lastAt > (out.lastAt ?? 0)) out.lastAt = r.lastAt;
  }
  // Stable sort by time: the main transcript's order wins on ties.
  out.items = out.items
    .map((it, i) => ({ it, i }))
    .sort((a, b) => a.it.at - b.it.at || a.i - b.i)
    .map((x) => x.it);
  wellFormedDeep(out.items); // lone surrogates → U+FFFD in ids, prompts and tool payloads alike
  return out;
}
