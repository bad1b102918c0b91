/**
 * Text normalised at ingest: a lone UTF-16 surrogate (JSON `"\ud800"` is valid JSON text, but the
 * string it denotes has no UTF-8 form; SQLite would store invalid UTF-8 bytes) becomes U+FFFD, in
 * every string and every object key of a parsed value. Runs before privacy stripping and redaction,
 * on every path (hook endpoint, spool, transcripts, the session API).
 */
const ANY_SURROGATE = /[\ud800-\udfff]/;
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function wellFormed(s: string): string {
  if (!ANY_SURROGATE.test(s)) return s;
  LONE.lastIndex = 0;
  return s.replace(LONE, '\ufffd');
}

/** Normalises `value` in place (strings and keys); returns the (possibly new) root. */
export function wellFormedDeep<T>(value: T, onChange?: () => void): T {
  if (typeof value === 'string') {
    const w = wellFormed(value);
    if (w !== value) onChange?.();
    return w as T;
  }
  if (value === null || typeof value !== 'object') return value;
  const stack: Array<Record<string, unknown> | unknown[]> = [value as Record<string, unknown>];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        if (typeof v === 'string') {
          const w = wellFormed(v);
          if (w !== v) {
            node[i] = w;
            onChange?.();
          }
        } else if (v !== null && typeof v === 'object') stack.push(v as Record<string, unknown>);
      }
      continue;
    }
    for (const k of Object.keys(node)) {
      let key = k;
      const fixed = wellFormed(k);
      if (fixed !== k) {
        node[fixed] = node[k];
        delete node[k];
        key = fixed;
        onChange?.();
      }
      const v = node[key];
      if (typeof v === 'string') {
        const w = wellFormed(v);
        if (w !== v) {
          node[key] = w;
          onChange?.();
        }
      } else if (v !== null && typeof v === 'object') stack.push(v as Record<string, unknown>);
    }
  }
  return value;
}
