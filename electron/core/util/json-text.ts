/**
 * A text column that holds JSON when it could be parsed (tool inputs and responses, event and job
 * payloads): its value; text that is not JSON stays the text itself; NULL is null.
 */
export function jsonOrText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Whether a parsed JSON value is an object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A parsed JSON value's fields when it is an object; an empty record for any other value. */
export function asRecord(v: unknown): Record<string, unknown> {
  return isRecord(v) ? v : {};
}
