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
