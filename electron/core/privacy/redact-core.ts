/**
 * Secret redaction, synchronous and linear, applied to every string MemTray stores and to every
 * request it sends. Three layers: provider patterns (secretlint's recommended preset and more, see
 * redact-rules.ts), the user's `customRedactPatterns` (passed in: redact.ts runs them on RE2), and a
 * high-entropy check for unlabelled tokens. Matches become `[REDACTED:<kind>]`.
 */
import { SECRET_RULES, shannonEntropy, type SecretRule } from './redact-rules.js';
import type { SpanFinder } from './redact-spans.js';

export const redactionMarker = (id: string): string => `[REDACTED:${id}]`;

/**
 * Which rule hints occur in a text, found in one pass: one alternation of every hint (longest
 * first), tried at every offset. When several hints start at the same offset the longest is
 * reported, and every hint inside it is marked too (`sk-ant-` marks `sk-`), so the set is exactly
 * "the hints that `includes` would find" — at the cost of one scan instead of one per hint.
 */
const ALL_HINTS = [...new Set(SECRET_RULES.flatMap((r) => r.hints ?? []))].sort(
  (a, b) => b.length - a.length,
);
// Built on first use, not at load: the command hook loads this module to spool one event and
// exits, and there building them cost ~1 ms of its ~11 (it finds hints with `hintsByIncludes`).
let HINT_RE: RegExp | null = null;
/** Per hint, the hints inside it (`sk-ant-` → `sk-`), computed when first found. */
const IMPLIED = new Map<string, string[]>();
const implied = (h: string): string[] => {
  let v = IMPLIED.get(h);
  if (!v) IMPLIED.set(h, (v = ALL_HINTS.filter((g) => h.includes(g))));
  return v;
};

export function hintsIn(text: string): Set<string> {
  const found = new Set<string>();
  const re = (HINT_RE ??= new RegExp(
    ALL_HINTS.map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  ));
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (!found.has(m[0])) for (const h of implied(m[0])) found.add(h);
    re.lastIndex = m.index + 1;
  }
  return found;
}

/**
 * The same set as `hintsIn`, with one `includes` per hint and no regular expression to compile:
 * cheaper for a process that redacts one event and exits (the command hook spooling).
 */
export function hintsByIncludes(text: string): Set<string> {
  const found = new Set<string>();
  for (const h of ALL_HINTS) if (text.includes(h)) found.add(h);
  return found;
}

function applyRule(text: string, rule: SecretRule, hints: Set<string>): string {
  if (rule.hints && rule.hints.length > 0) {
    if (hints.size === 0 || !rule.hints.some((h) => hints.has(h))) return text;
  }
  rule.re.lastIndex = 0;
  if (rule.span) return applySpans(text, rule, rule.span());
  if (rule.accept) return applyWithAccept(text, rule, rule.accept);
  return text.replace(rule.re, (...args: unknown[]) => {
    if (rule.group === undefined) return redactionMarker(rule.id);
    return replaceGroup(args.slice(1, -2) as Array<string | undefined>, rule);
  });
}

function replaceGroup(groups: Array<string | undefined>, rule: SecretRule): string {
  let out = '';
  for (let i = 0; i < groups.length; i++) {
    out += i === (rule.group ?? 0) - 1 ? redactionMarker(rule.id) : (groups[i] ?? '');
  }
  return out;
}

/** A rule whose regex finds where a secret starts and `spanOf` what to redact (redact-spans.ts). */
function applySpans(text: string, rule: SecretRule, spanOf: SpanFinder): string {
  const re = rule.re;
  let out = '';
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0] === '') re.lastIndex = m.index + 1;
    const span = spanOf(text, m);
    if (span === null || span[0] < last) continue; // no secret here: look for the next start
    out += text.slice(last, span[0]) + redactionMarker(rule.id);
    last = span[1];
    re.lastIndex = Math.max(re.lastIndex, span[1]);
  }
  re.lastIndex = 0;
  return last === 0 ? text : out + text.slice(last);
}

const RESCAN_MAX = 64;

/**
 * Like `replace`, but a rejected match does not swallow the text after it: the search resumes where
 * a short rejected value starts (`password: password: s3cret` redacts the second value). Each
 * resume moves forward by at least one character and rescans at most RESCAN_MAX + the match prefix.
 */
function applyWithAccept(text: string, rule: SecretRule, accept: (value: string) => boolean): string {
  const re = rule.re;
  let out = '';
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const match = m[0];
    if (match === '') {
      re.lastIndex = m.index + 1;
      continue;
    }
    let valueStart = m.index;
    let value = match;
    if (rule.group !== undefined) {
      for (let i = 1; i < rule.group; i++) valueStart += (m[i] ?? '').length;
      value = m[rule.group] ?? '';
    }
    if (value === '' || !accept(value)) {
      // A short rejected value may hold the real key (`password: password: s3cret`): look again
      // from its start. A long one is skipped whole, so a hostile text cannot make every offset
      // rescan up to the value's 500-character bound.
      re.lastIndex = value.length <= RESCAN_MAX ? Math.max(valueStart, m.index + 1) : m.index + match.length;
      continue;
    }
    out += text.slice(last, m.index);
    out += rule.group === undefined ? redactionMarker(rule.id) : replaceGroup(m.slice(1), rule);
    last = m.index + match.length;
  }
  re.lastIndex = 0;
  return last === 0 ? text : out + text.slice(last);
}

// Long runs of token characters ([A-Za-z0-9+/=_-]); `/` is included so base64 secrets match,
// paths are filtered below.
const TOKEN_CHAR = new Uint8Array(65536);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-')
  TOKEN_CHAR[c.charCodeAt(0)] = 1;
const TOKEN_MIN = 32;

/** A long token with mixed character classes and high entropy, that is not a path or a plain hash. */
export function isHighEntropyToken(tok: string): boolean {
  if (tok.length < 32) return false;
  // A token with '/' counts only as plain base64 (paths have '-', '_', '.' or start with '/').
  if (tok.includes('/') && (tok.startsWith('/') || !/^[A-Za-z0-9+/]+={0,2}$/.test(tok))) return false;
  if (/^[a-f0-9-]+$/.test(tok) || /^[A-F0-9-]+$/.test(tok)) return false; // git SHAs, hashes, UUIDs
  if (/^[A-Za-z]+(?:[-_][A-Za-z]+)*$/.test(tok)) return false; // identifiers, kebab/snake words
  const upper = /[A-Z]/.test(tok);
  const lower = /[a-z]/.test(tok);
  const digit = /[0-9]/.test(tok);
  if (!(upper && lower && digit)) return false;
  return shannonEntropy(tok) >= 4.3;
}

/**
 * Redacts high-entropy runs of TOKEN_MIN or more token characters. A run that long covers one of the
 * offsets TOKEN_MIN-1, 2·TOKEN_MIN-1, …, so only those are probed, and a run is measured only around
 * a probe that lands in one: about one look per TOKEN_MIN characters of ordinary text.
 */
export function redactHighEntropy(text: string): string {
  const n = text.length;
  if (n < TOKEN_MIN) return text;
  let out = '';
  let last = 0;
  let p = TOKEN_MIN - 1;
  while (p < n) {
    if (TOKEN_CHAR[text.charCodeAt(p)] !== 1) {
      p += TOKEN_MIN;
      continue;
    }
    let a = p;
    while (a > 0 && TOKEN_CHAR[text.charCodeAt(a - 1)] === 1) a--;
    let b = p + 1;
    while (b < n && TOKEN_CHAR[text.charCodeAt(b)] === 1) b++;
    if (b - a >= TOKEN_MIN && isHighEntropyToken(text.slice(a, b))) {
      out += text.slice(last, a) + redactionMarker('high-entropy');
      last = b;
    }
    // The next probe past this run (b is a non-token character or the end).
    p = b + ((TOKEN_MIN - 1 - (b % TOKEN_MIN) + TOKEN_MIN) % TOKEN_MIN);
  }
  return last === 0 ? text : out + text.slice(last);
}

const markerHintCache = new Map<string, Set<string>>();
function markerHints(id: string): Set<string> {
  let h = markerHintCache.get(id);
  if (!h) markerHintCache.set(id, (h = hintsByIncludes(redactionMarker(id))));
  return h;
}

/**
 * Redacts secrets in `text` with the built-in rules, then `custom` (the user's patterns, when given),
 * then the high-entropy pass; returns the same string when nothing matched. Free of the RE2 engine,
 * so the hook bundle stays small (the hook passes no `custom`, and `hintsByIncludes`).
 */
export function redactWith(
  text: string,
  custom?: ((text: string) => string) | null,
  findHints: (text: string) => Set<string> = hintsIn,
): string {
  if (text.length < 8) return text;
  let out = text;
  const hints = findHints(text);
  for (const rule of SECRET_RULES) {
    const before = out;
    out = applyRule(out, rule, hints);
    // A redaction can bring a hint in, only through the marker's own text (no hint holds `[` or `]`,
    // so none can span a marker's edge): add the marker's hints instead of rescanning the text. A
    // hint the redaction removed only lets a rule run anyway (it can redact more, never less).
    if (out !== before) for (const h of markerHints(rule.id)) hints.add(h);
  }
  if (custom) out = custom(out);
  return redactHighEntropy(out);
}
