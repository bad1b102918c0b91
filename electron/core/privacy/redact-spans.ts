/**
 * Span finders for the rules whose regex matches only where a secret starts (a PEM header, a
 * `DB_PASS=` or `sshpass -p` prefix): the end of the secret is found by a bounded forward scan, not
 * by a regex, so that no text can make a rule rescan the same characters from many starts.
 */

/** Values that stand for a secret rather than being one: variables, templates, placeholders. */
export const PLACEHOLDER =
  /^(?:\$|<|\*|%|\[REDACTED|process\.env|os\.environ|env\.|import\.meta|undefined|null|true|false|none|string|number|required|optional|your[-_]|example|changeme|x{4,}|\.{3})/i;

/** For one text: given a match of the rule's regex, the span [start, end) to redact, or null. */
export type SpanFinder = (text: string, m: RegExpExecArray) => [number, number] | null;

const PEM_MAX = 20_000;
const PEM_END = /-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;

/**
 * A PEM block from its header: to the first END line after it if that is within PEM_MAX, else to the
 * end of a text that ends within PEM_MAX, else nothing. The last END found is remembered, so many
 * headers and no END cost one scan of the text, not one per header (the regex form
 * `[\s\S]{0,20000}?(?:END|$)` rescanned 20,000 characters for every header).
 */
export function pemSpan(): SpanFinder {
  let searchedFrom = Number.POSITIVE_INFINITY;
  let at = -1;
  let end = -1;
  return (text, m) => {
    const from = m.index + m[0].length;
    if (!(searchedFrom <= from && (at === -1 || at >= from))) {
      PEM_END.lastIndex = from;
      const e = PEM_END.exec(text);
      searchedFrom = from;
      at = e ? e.index : -1;
      end = e ? e.index + e[0].length : -1;
    }
    if (at !== -1 && at - from <= PEM_MAX) return [m.index, end];
    if (text.length - from <= PEM_MAX) return [m.index, text.length];
    return null;
  };
}

const VALUE_MAX = 500;
// A bare (unquoted) value ends at whitespace, a quote or a shell / JSON delimiter.
const STOP = new Uint8Array(128);
for (const c of ' \t\r\n\f\v"\'`;&|,)}]<>') STOP[c.charCodeAt(0)] = 1;

/**
 * The value that starts at `from`: inside matching quotes (' " `, on one line, at most VALUE_MAX
 * characters; an unterminated quote runs to the line end or the bound), or a bare run up to a
 * delimiter. Null when empty.
 */
function readValue(text: string, from: number): [number, number] | null {
  const q = text[from];
  if (q === '"' || q === "'" || q === '`') {
    const limit = Math.min(text.length, from + 1 + VALUE_MAX);
    let i = from + 1;
    while (i < limit && text[i] !== q && text[i] !== '\n') i++;
    return i > from + 1 ? [from + 1, i] : null;
  }
  const limit = Math.min(text.length, from + VALUE_MAX);
  let i = from;
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && STOP[c] === 1) break;
  }
  return i > from ? [from, i] : null;
}

/** A literal value that is plausibly a real credential (not a variable, placeholder or small number). */
export function plausibleValue(min: number): (value: string) => boolean {
  return (v) =>
    v.length >= min && !PLACEHOLDER.test(v) && !/^\d{1,6}$/.test(v) && !v.includes('(') && !v.startsWith('-');
}

/**
 * The value after the match (quoted or bare), when `accept` takes it. A quoted value is a literal,
 * never code: only placeholders are refused there (`SECRET_KEY = 'a(b)c'` is a secret).
 */
export function valueSpan(accept: (value: string) => boolean): () => SpanFinder {
  return () => (text, m) => {
    const from = m.index + m[0].length;
    const v = readValue(text, from);
    if (!v) return null;
    const value = text.slice(v[0], v[1]);
    const quoted = v[0] > from;
    return (quoted ? !PLACEHOLDER.test(value) && !value.startsWith('[REDACTED') : accept(value)) ? v : null;
  };
}

/** `Authorization: Basic <base64 of user:password>`: accepted only when it decodes to `user:…`. */
export function basicAuthValue(value: string): boolean {
  if (!/^[A-Za-z0-9+/]{8,}={0,2}$/.test(value)) return false;
  try {
    return /^[^\s:]{0,200}:/.test(atob(value));
  } catch {
    return false;
  }
}
