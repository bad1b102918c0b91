/**
 * Removes `<private>…</private>` and `<memtray-context>…</memtray-context>` blocks (tags in any
 * case, with or without attributes).
 *
 * One left-to-right scan with a single regex over tag tokens: linear in the input size whatever the
 * nesting. Nested blocks are removed whole; an opening tag that is never closed hides everything to
 * the end of the string (the safe reading of "private"); a stray closing tag is dropped.
 */
// A tag may carry attributes (`<private reason="…">`), in any case. `[^<>]*` stops at the next `<`,
// so the spans scanned from different starts never overlap: linear. (A `>` inside an attribute
// value ends the tag early; what follows it is then removed as the block's content.)
const TAG_RE = /<(\/?)(private|memtray-context)(?:\s[^<>]*)?>/gi;
const QUICK_RE = /<\/?(?:private|memtray-context)(?:\s[^<>]*)?>/i;

export function stripPrivacyTags(text: string): string {
  if (!QUICK_RE.test(text)) return text;
  let depth = 0;
  let out = '';
  let last = 0;
  TAG_RE.lastIndex = 0;
  for (let m = TAG_RE.exec(text); m !== null; m = TAG_RE.exec(text)) {
    const closing = m[1] === '/';
    if (depth === 0) out += text.slice(last, m.index);
    if (closing) {
      if (depth > 0) depth -= 1;
    } else {
      depth += 1;
    }
    last = m.index + m[0].length;
  }
  if (depth === 0) out += text.slice(last);
  return out;
}

/** Strips tags from every string inside a parsed JSON value, in place (keys kept). Iterative: deep nesting is fine. */
export function stripPrivacyTagsDeep<T>(value: T): T {
  return mapStringsDeep(value, stripPrivacyTags);
}

/** Applies `fn` to every string inside a parsed JSON value, mutating it in place; returns the (possibly new) root. */
export function mapStringsDeep<T>(value: T, fn: (s: string) => string): T {
  if (typeof value === 'string') return fn(value) as T;
  if (value === null || typeof value !== 'object') return value;
  const root: { v: unknown } = { v: value };
  const stack: Array<[Record<string, unknown> | unknown[], string | number]> = [
    [root as Record<string, unknown>, 'v'],
  ];
  while (stack.length > 0) {
    const [holder, key] = stack.pop()!;
    const v = (holder as Record<string | number, unknown>)[key];
    if (typeof v === 'string') {
      const mapped = fn(v);
      if (mapped !== v) (holder as Record<string | number, unknown>)[key] = mapped;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v, i]);
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) stack.push([v as Record<string, unknown>, k]);
    }
  }
  return root.v as T;
}
