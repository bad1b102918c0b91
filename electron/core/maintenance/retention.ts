/**
 * Retention: raw tool responses older than `rawDays` are replaced by a small marker in the
 * observations, and the raw tool events (`events`, the audit table and the largest part of the
 * database) are compacted: the response becomes a marker that keeps its error fields, and the tool
 * input keeps only its small fields (file paths, command head, description, ...). Structured memory
 * (title, facts, narrative, files), prompts and everything session state derives from stay.
 * Responses of at most `keepBytes` (errors, short outputs) are kept. Pending observations (not yet
 * compressed) are never touched. Work runs in small transactions so ingest is never blocked for
 * long, and a second run finds nothing to do.
 */
import type Database from 'better-sqlite3';

export const DAY_MS = 86_400_000;

export interface RetentionResult {
  cutoff: number;
  observations: number;
  events: number;
  bytesDropped: number;
}

export interface RetentionOptions {
  rawDays: number;
  now: number;
  /** Responses up to this size are kept (default 1024 characters). */
  keepBytes?: number;
  /** Rows per transaction, or a function asked before each one (default 500; the worker uses fewer). */
  batch?: number | (() => number);
  /** Called between two transactions (the worker sleeps there, so the service's writes get in). */
  between?: () => void;
}

export const droppedMarker = (bytes: number): string =>
  JSON.stringify({ memtrayRetention: 'dropped', bytes });

/** Tool events whose payload retention compacts. */
const TOOL_EVENTS = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure'];
/** tool_input fields kept whole whatever their size: what session state and the UI read. */
const KEEP_INPUT = new Set(['file_path', 'notebook_path', 'path', 'subagent_type', 'description', 'pattern']);
/** Other tool_input fields are kept when their JSON is at most this long. */
const SMALL_INPUT = 200;
/** A longer `command` keeps its head. */
const COMMAND_HEAD = 500;
/** Error texts kept from a dropped response: the length session state reads. */
const ERROR_TEXT = 500;
/** The key that marks a compacted event; written first, so the payload starts with it. */
export const EVENT_MARK = 'memtray_retention';
const MARK_PREFIX = `{"${EVENT_MARK}":`;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
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

export function applyRetention(db: Database.Database, opts: RetentionOptions): RetentionResult {
  const cutoff = opts.now - opts.rawDays * DAY_MS;
  const keep = opts.keepBytes ?? 1024;
  const batch = (): number => (typeof opts.batch === 'function' ? opts.batch() : (opts.batch ?? 500));
  const out: RetentionResult = { cutoff, observations: 0, events: 0, bytesDropped: 0 };

  const between = opts.between ?? ((): void => {});
  // Both walks go by id (one pass per run), so a batch never rescans the rows already done.
  const obsIds = db.prepare(
    `SELECT id, length(tool_response) AS n FROM observations
     WHERE id > @after AND created_at < @cutoff AND status != 'pending' AND length(tool_response) > @keep
       AND tool_response NOT LIKE '{"memtrayRetention":%'
     ORDER BY id LIMIT @batch`,
  );
  const obsSet = db.prepare(`UPDATE observations SET tool_response = @marker WHERE id = @id`);
  let obsAfter = 0;
  const obsStep = (): number =>
    db
      .transaction(() => {
        const rows = obsIds.all({ after: obsAfter, cutoff, keep, batch: batch() }) as Array<{
          id: number;
          n: number;
        }>;
        for (const r of rows) {
          obsAfter = r.id;
          obsSet.run({ id: r.id, marker: droppedMarker(r.n) });
          out.bytesDropped += r.n;
        }
        return rows.length;
      })
      .immediate();
  for (let n = obsStep(); n > 0; n = obsStep()) {
    out.observations += n;
    between();
  }

  // Events: walk the old tool events by id (one pass per run); a compacted payload starts with the
  // mark, so it is skipped without parsing, and small events are never rewritten.
  const evRows = db.prepare(
    `SELECT id, event_name AS e, payload FROM events
     WHERE id > @after AND received_at < @cutoff AND event_name IN (${TOOL_EVENTS.map((e) => `'${e}'`).join(', ')})
       AND length(payload) > @keep AND substr(payload, 1, ${MARK_PREFIX.length}) != @mark
       AND projected != 0
     ORDER BY id LIMIT @batch`,
  );
  const evSet = db.prepare(`UPDATE events SET payload = @payload WHERE id = @id`);
  let after = 0;
  const evStep = (): number =>
    db
      .transaction(() => {
        const rows = evRows.all({ after, cutoff, keep, batch: batch(), mark: MARK_PREFIX }) as Array<{
          id: number;
          e: string;
          payload: string;
        }>;
        for (const r of rows) {
          after = r.id;
          let payload: unknown;
          try {
            payload = JSON.parse(r.payload);
          } catch {
            continue;
          }
          if (!isObject(payload)) continue;
          const compacted = compactToolEvent(r.e, payload, keep);
          if (!compacted) continue;
          const text = JSON.stringify(compacted);
          if (text.length >= r.payload.length) continue;
          evSet.run({ id: r.id, payload: text });
          out.events += 1;
          out.bytesDropped += r.payload.length - text.length;
        }
        return rows.length;
      })
      .immediate();
  while (evStep() > 0) between();
  return out;
}
