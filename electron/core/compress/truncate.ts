/**
 * Bounds what is sent to the model: per-field head/tail truncation, noise removed, a total cap.
 * Whole files never go out (Edit's `originalFile`, Write's echoed content, patches, token stats).
 */

/** Keeps the head and tail of a long string, marking how much was cut from the middle. */
export function headTail(s: string, max: number): string {
  if (s.length <= max) return s;
  const head = Math.ceil(max * 0.6);
  const tail = Math.max(0, max - head);
  return `${s.slice(0, head)}\n…[${s.length - head - tail} chars omitted]…\n${tail > 0 ? s.slice(s.length - tail) : ''}`;
}

/** Keys never worth sending: whole files, patches that repeat old/new strings, usage stats. */
const NOISE_KEYS = new Set([
  'originalFile',
  'structuredPatch',
  'usage',
  'totalTokens',
  'totalDurationMs',
  'totalToolUseCount',
  'durationMs',
  'isImage',
  'userModified',
]);

/** Per tool, response fields that only echo the input. */
const ECHOED: Record<string, string[]> = {
  Write: ['content', 'filePath'],
  Edit: ['oldString', 'newString', 'filePath', 'originalFile'],
  MultiEdit: ['edits', 'filePath', 'originalFile'],
};

function prune(value: unknown, perField: number, depth: number, drop: Set<string>): unknown {
  if (typeof value === 'string') return headTail(value, perField);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, 50).map((v) => prune(v, perField, depth + 1, drop));
    if (value.length > 50) items.push(`[${value.length - 50} more items]`);
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (NOISE_KEYS.has(k) || (depth <= 1 && drop.has(k))) continue;
    out[k] = prune(v, perField, depth + 1, new Set());
  }
  return out;
}

interface BoundedCall {
  input: unknown;
  response: unknown;
  /** The serialized size before and after bounding (for stats and tests). */
  originalChars: number;
  chars: number;
}

/**
 * Bounds one tool call to at most `cap` characters of JSON, starting at `perField` characters per
 * string and halving until it fits.
 */
export function boundToolCall(
  toolName: string,
  input: unknown,
  response: unknown,
  perField = 1500,
  cap = 6000,
): BoundedCall {
  const originalChars = JSON.stringify(input ?? null).length + JSON.stringify(response ?? null).length;
  const drop = new Set(ECHOED[toolName] ?? []);
  let field = perField;
  for (;;) {
    const i = prune(input, field, 0, new Set());
    const r = prune(response, field, 0, drop);
    const chars = JSON.stringify(i ?? null).length + JSON.stringify(r ?? null).length;
    if (chars <= cap || field <= 100) {
      if (chars <= cap) return { input: i, response: r, originalChars, chars };
      const text = headTail(JSON.stringify({ input: i, response: r }), cap);
      return { input: text, response: null, originalChars, chars: text.length };
    }
    field = Math.floor(field / 2);
  }
}
