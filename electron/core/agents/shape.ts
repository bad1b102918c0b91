/**
 * Building MemTray's event shape (Claude Code's hook payload, which the projector reads) from
 * another agent's payload. An adapter names the MemTray event and the fields it fills; the rest
 * of the agent's payload is kept as it came, beside `memtray_agent` and the agent's own event name.
 */
import type { AgentId } from '../../shared/contract/agents.js';
import { asRecord } from '../util/json-text.js';

export type Json = Record<string, unknown>;

/** MemTray's event: its name (a KnownHookEvent, or the agent's own name when unknown) and payload. */
export interface MemTrayEvent {
  event: string;
  payload: Json;
}

export interface AgentAdapter {
  id: AgentId;
  /** Maps one hook call of the agent; an event it does not know keeps its (sanitized) name. */
  toMemTray(nativeEvent: string, payload: Json): MemTrayEvent;
}

/** Longest text kept from one field an adapter moves (the hook endpoint bounds the whole body). */
const MAX_FIELD = 200_000;

export function str(v: unknown, max = MAX_FIELD): string | undefined {
  return typeof v === 'string' ? v.slice(0, max) : undefined;
}

/** A value's fields when it is an object, else none. */
export const rec: (v: unknown) => Json = asRecord;

/** A name the journal accepts (EVENT_NAME_RE): other characters become `_`, at most 64. */
function eventName(native: string): string {
  const s = native.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 64);
  return /^[A-Za-z]/.test(s) ? s : `E${s.slice(0, 63)}`;
}

/** How an adapter maps a native event onto MemTray's. */
interface EventMapping {
  /** MemTray's event name; null: the native name, made a safe identifier. */
  event: string | null;
  /** MemTray's fields, written over the payload's. */
  fields?: Json;
  /** Fields of the payload the adapter moved into MemTray's (a tool's output): stored once, not twice. */
  moved?: readonly string[];
}

/** The MemTray event: the agent's payload, then the mapped fields (undefined ones left out). */
export function memtrayEvent(
  agent: AgentId,
  native: string,
  payload: Json,
  { event, fields = {}, moved = [] }: EventMapping,
): MemTrayEvent {
  const name = event ?? eventName(native);
  const out: Json = { ...payload };
  // Fields the adapter moved into MemTray's (a tool's output): stored once, not twice.
  for (const k of moved) delete out[k];
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  out.hook_event_name = name;
  out.memtray_agent = agent;
  out.memtray_agent_event = native.slice(0, 64);
  return { event: name, payload: out };
}

/** A shell call in MemTray's terms: Claude Code's `Bash` with `{command}`. */
export function bashCall(command: unknown, output: string | undefined, stderr = ''): Json {
  return {
    tool_name: 'Bash',
    tool_input: { command: str(command) ?? '' },
    ...(output === undefined ? {} : { tool_response: { stdout: output, stderr } }),
  };
}

/**
 * A file read whole, as Claude Code's Read reports it: `file` with the text and its line counts
 * (`startLine` 1, `numLines` = `totalLines`), which the rules extractor and the digest's setup
 * files read.
 */
export function wholeFileRead(path: string | undefined, content: string): Json {
  const lines = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
  return {
    type: 'text',
    file: { filePath: path, content, numLines: lines, startLine: 1, totalLines: lines },
  };
}
