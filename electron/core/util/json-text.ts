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

/** A parsed JSON value's fields when it is an object; an empty record for any other value. */
export function asRecord(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
