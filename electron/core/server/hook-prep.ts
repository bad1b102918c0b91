/**
 * The CPU-heavy part of accepting a hook, in one pass: parse the body, validate it against the
 * event's schema, trim the tool payload, strip private tags and redact secrets (`clean`, the core's
 * Ingestor.clean), and serialize what will be stored. When cleaning changed nothing, the body text
 * itself is what is stored (it is the same JSON value), which spares serializing it again. A bad
 * body throws an HttpError (400) that says why.
 */
import { hookSchemaFor, misnamedEvent, type HookPayload } from '../ingest/payloads.js';
import { cleanHookPayload, type Clean } from '../ingest/tool-payload.js';
import type { PreparedHook } from '../ingest/types.js';
import { HttpError, parseJsonText, validate } from './http.js';

export type { Clean };

/** Body text → stored JSON. `event` has already been checked against EVENT_NAME_RE. */
export function prepareHook(event: string, text: string, clean: Clean): PreparedHook {
  let changed = false;
  const parsed = parseJsonText(text, () => (changed = true));
  const payload = validate(hookSchemaFor(event), parsed, 'hook payload') as HookPayload;
  const misnamed = misnamedEvent(event, payload);
  if (misnamed !== null) throw new HttpError(400, `invalid hook payload: ${misnamed}`);
  if (cleanHookPayload(event, payload, clean)) changed = true;
  return {
    json: changed ? JSON.stringify(payload) : text,
    sessionId: typeof payload.session_id === 'string' ? payload.session_id : null,
    cwd: typeof payload.cwd === 'string' ? payload.cwd : null,
    payload,
  };
}
