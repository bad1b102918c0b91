/**
 * The CPU-heavy part of accepting a hook, as one pure function: parse the body, validate it against
 * the event's schema, trim the tool payload, strip private tags and redact secrets, and serialize
 * what will be stored. When cleaning changed nothing, the body text itself is what is stored (it is
 * the same JSON value), which spares serializing it again.
 */
import { hookBaseSchema, hookSchemas, type HookPayload, type KnownHookEvent } from '../ingest/payloads.js';
import { prepareToolPayload } from '../ingest/tool-payload.js';
import { cleanDeep, type CleanSettings } from '../privacy/clean.js';
import { HttpError, hasManyBrackets, MAX_JSON_DEPTH, nestingDepth, validate } from './http.js';

/** A hook body ready for the journal, or why it was refused (a 4xx the caller answers). */
export type PrepResult =
  | { ok: true; json: string; sessionId: string | null; cwd: string | null }
  | { ok: false; status: number; message: string };

export type Redact = (text: string, settings: CleanSettings) => string;

/** Body text → stored JSON. `event` has already been checked against EVENT_NAME_RE. */
export function prepareHook(
  event: string,
  text: string,
  settings: CleanSettings,
  redact: Redact,
): PrepResult {
  try {
    if (hasManyBrackets(text, MAX_JSON_DEPTH) && nestingDepth(text) > MAX_JSON_DEPTH)
      throw new HttpError(400, `invalid JSON: nested deeper than ${MAX_JSON_DEPTH} levels`);
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch (err) {
      throw new HttpError(400, `invalid JSON: ${(err as Error).message.slice(0, 200)}`);
    }
    const schema = hookSchemas[event as KnownHookEvent] ?? hookBaseSchema;
    const payload = validate(schema, body, 'hook payload') as HookPayload;
    const named = payload.hook_event_name;
    if (typeof named === 'string' && named !== event) {
      throw new HttpError(
        400,
        `invalid hook payload: hook_event_name '${named.slice(0, 64)}' does not match path event '${event}'`,
      );
    }
    let changed = false;
    if (event === 'PostToolUse' || event === 'PostToolUseFailure') changed = prepareToolPayload(payload);
    cleanDeep(payload, settings, redact, () => (changed = true));
    return {
      ok: true,
      json: changed ? JSON.stringify(payload) : text,
      sessionId: typeof payload.session_id === 'string' ? payload.session_id : null,
      cwd: typeof payload.cwd === 'string' ? payload.cwd : null,
    };
  } catch (err) {
    if (err instanceof HttpError) return { ok: false, status: err.status, message: err.message };
    throw err;
  }
}
