/**
 * What retention makes of an old row, as pure functions: the marker that replaces a dropped tool
 * response, and a tool event's payload with its bulky parts dropped (maintenance/retention.ts walks
 * the tables and writes the results).
 */
export const droppedMarker = (bytes: number): string =>
  JSON.stringify({ memtrayRetention: 'dropped', bytes });
/** How every `droppedMarker` begins: a response already dropped. */
export const DROPPED_PREFIX = '{"memtrayRetention":';

/** Tool events whose payload retention compacts. */
export const TOOL_EVENTS = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure'];
/** tool_input fields kept whole whatever their size: what session state and the UI read. */
const KEEP_INPUT = new Set(['file_path', 'notebook_path', 'path', 'subagent_type', 'description', 'pattern']);
/** Other tool_input fields are kept when their JSON is at most this long. */
const SMALL_INPUT = 200;
/** A longer `command` keeps its head. */
const COMMAND_HEAD = 500;
/** Error texts kept from a dropped response: the length session state reads. */
const ERROR_TEXT = 500;
/** The key that marks a compacted event; written first, so the payload starts with it. */
const EVENT_MARK = 'memtray_retention';
export const MARK_PREFIX = `{"${EVENT_MARK}":`;

type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const jsonLength = (v: unknown): number => (v === undefined ? 0 : (JSON.stringify(v)?.length ?? 0));

/**
 * The marker that replaces a dropped response, with the fields `responseError` (session state)
 * reads, so an error or an interruption is still derived the same way.
 */
function responseMarker(response: unknown, bytes: number): unknown {
  if (typeof response === 'string') {
    return /^(error|<tool_use_error>)/i.test(response.trim())
      ? response.slice(0, ERROR_TEXT)
      : { memtrayRetention: 'dropped', bytes };
  }
  const out: Json = { memtrayRetention: 'dropped', bytes };
  if (!isObject(response)) return out;
  if (response.is_error === true || response.isError === true) {
    out.is_error = true;
    out.content = String(response.content ?? response.error ?? response.message ?? 'tool error').slice(
      0,
      ERROR_TEXT,
    );
  } else if (typeof response.error === 'string' && response.error !== '') {
    out.error = response.error.slice(0, ERROR_TEXT);
  } else if (response.interrupted === true) {
    out.interrupted = true;
    out.stderr = String(response.stderr ?? 'interrupted').slice(0, ERROR_TEXT);
  }
  return out;
}

/** The small parts of a tool input; `dropped` lists what went. */
function compactInput(input: Json, dropped: string[]): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(input)) {
    if (KEEP_INPUT.has(k) || jsonLength(v) <= SMALL_INPUT) out[k] = v;
    else if (k === 'command' && typeof v === 'string') {
      out[k] = `${v.slice(0, COMMAND_HEAD)}…`;
      dropped.push(`tool_input.${k}`);
    } else if (k === 'todos' && Array.isArray(v)) {
      // The summary reads the last todo list: keep each item's status and the head of its text.
      out[k] = v.map((t: unknown) =>
        isObject(t) ? { content: String(t.content ?? '').slice(0, SMALL_INPUT), status: t.status } : t,
      );
      dropped.push(`tool_input.${k}`);
    } else dropped.push(`tool_input.${k}`);
  }
  return out;
}

/**
 * A tool event's payload with its bulky parts dropped (see the header). Returns null when there is
 * nothing to drop. Pure: the same payload always compacts the same way, and a compacted payload
 * carries `memtray_retention` first.
 */
export function compactToolEvent(eventName: string, payload: Json, keep: number): Json | null {
  if (payload[EVENT_MARK] !== undefined) return null;
  const dropped: string[] = [];
  const out: Json = { ...payload };
  if (isObject(payload.tool_input)) out.tool_input = compactInput(payload.tool_input, dropped);
  const response = payload.tool_response;
  const alreadyDropped = isObject(response) && response.memtrayRetention !== undefined;
  const size = jsonLength(response);
  if (response !== undefined && !alreadyDropped && size > keep) {
    if (eventName === 'PostToolUseFailure' && (typeof payload.error !== 'string' || payload.error === '')) {
      out.error = String(payload.error ?? response).slice(0, ERROR_TEXT); // what session state reports
    }
    out.tool_response = responseMarker(response, size);
    dropped.push('tool_response');
  }
  if (typeof out.error === 'string' && out.error.length > ERROR_TEXT) {
    out.error = out.error.slice(0, ERROR_TEXT);
    dropped.push('error');
  }
  if (dropped.length === 0) return null;
  return { [EVENT_MARK]: { dropped }, ...out };
}
