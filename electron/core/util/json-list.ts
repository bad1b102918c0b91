/**
 * The JSON-array text columns (facts, concepts, files_read, files_modified, files_edited, ...) read
 * back as lists: the array's strings; anything else (NULL, empty, not JSON, not an array) is empty.
 */
export function parseStringList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
