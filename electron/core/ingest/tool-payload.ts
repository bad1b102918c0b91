/**
 * Trims what Claude Code sends with a tool call before it is stored: Edit/MultiEdit responses carry
 * `originalFile` (the whole file before the edit, up to hundreds of KB), which is never needed to
 * remember the change; it is replaced by a marker with its size.
 */
const OMIT_KEYS = ['originalFile'];

/** Trims `payload` in place; returns whether anything was trimmed. */
export function prepareToolPayload(payload: Record<string, unknown>): boolean {
  const r = payload.tool_response;
  if (r === null || typeof r !== 'object' || Array.isArray(r)) return false;
  const rec = r as Record<string, unknown>;
  let changed = false;
  for (const k of OMIT_KEYS) {
    const v = rec[k];
    if (typeof v === 'string') {
      rec[k] = `[omitted: ${Buffer.byteLength(v)} bytes]`;
      changed = true;
    }
  }
  return changed;
}

/** Cleans a parsed value in place (private tags, secrets), calling `onChange` when it changed a string. */
export type Clean = (value: unknown, onChange: () => void) => void;

/**
 * What every hook goes through before it is stored, whichever way it came (the hook endpoint,
 * the spool, transcript reconciliation): a tool call's payload trimmed, then every string cleaned.
 * In place; returns whether anything changed.
 */
export function cleanHookPayload(event: string, payload: Record<string, unknown>, clean: Clean): boolean {
  let changed = (event === 'PostToolUse' || event === 'PostToolUseFailure') && prepareToolPayload(payload);
  clean(payload, () => (changed = true));
  return changed;
}
