/**
 * The user's `customRedactPatterns`, run on RE2 (re2js: a pure-JS port of RE2, linear-time matching,
 * no backtracking), never on the backtracking RegExp engine: `\w*\w*\w*\w*\w*\w*:` or `.*password.*`
 * cost time proportional to the text, whatever the text.
 *
 * Linear is not cheap for every pattern (a 2,000-state automaton is linear with a large constant), so
 * each pattern is also metered: the text is matched in pieces of at most PIECE characters (cut at a
 * line end where there is one), and a pattern that has spent more than BUDGET_MS at more than
 * MAX_US_PER_CHAR on average, or PIECE_MAX_MS on one piece, is disabled for the life of the process,
 * logged, and listed by customPatternStatus() (shown in `GET /api/health/redaction`). A match that
 * would span two pieces is not found (pieces end at line ends, so this is rare).
 */
import { RE2JS } from 're2js';
import type { CustomPatternStatus } from '../../shared/contract/health.js';

const PIECE = 8 * 1024;
const BUDGET_MS = 200;
const MAX_US_PER_CHAR = 2;
const PIECE_MAX_MS = 1000;
/** Characters credited per call, so that many short strings are not mistaken for a slow pattern. */
const PER_CALL_CHARS = 256;

interface Compiled {
  re: RE2JS | null;
  /** Why the pattern does not run: it cannot compile, or it was disabled for its cost. */
  problem: string | null;
  spentMs: number;
  chars: number;
  disabledAt: number | null;
}

const compiled = new Map<string, Compiled>();
let onDisable: ((pattern: string, reason: string) => void) | null = null;

/** Called when a pattern is disabled (the service logs it). */
export function onCustomPatternDisabled(fn: ((pattern: string, reason: string) => void) | null): void {
  onDisable = fn;
}

/**
 * Why RE2 cannot run `source` (null when it can). JavaScript syntax is accepted where RE2 has the
 * same meaning (re2js translates `\uXXXX`, `(?<name>…)`, `\/`); backreferences and lookaround, which
 * no linear-time engine supports, are refused by name.
 */
export function re2Problem(source: string): string | null {
  if (/\\[1-9]|\\k</.test(source))
    return 'uses a backreference, which RE2 (the linear-time engine) cannot run';
  if (/\(\?<?[=!]/.test(source)) return 'uses lookaround, which RE2 (the linear-time engine) cannot run';
  try {
    RE2JS.compile(RE2JS.translateRegExp(source));
    return null;
  } catch (err) {
    const msg = err instanceof Error ? err.message.replace(/^error parsing regexp: /, '') : String(err);
    return `is not a valid regular expression for RE2 (the linear-time engine): ${msg.slice(0, 200)}`;
  }
}

function get(source: string): Compiled {
  let c = compiled.get(source);
  if (!c) {
    const problem = re2Problem(source);
    c = {
      re: problem ? null : RE2JS.compile(RE2JS.translateRegExp(source)),
      problem,
      spentMs: 0,
      chars: 0,
      disabledAt: null,
    };
    if (compiled.size > 500) compiled.clear();
    compiled.set(source, c);
  }
  return c;
}

function disable(source: string, c: Compiled, reason: string): void {
  c.problem = reason;
  c.disabledAt = Date.now();
  c.re = null;
  onDisable?.(source, reason);
}

/** Where the piece that starts at `from` ends: a line end in its second half if there is one. */
function pieceEnd(text: string, from: number): number {
  const hard = from + PIECE;
  if (hard >= text.length) return text.length;
  // A bounded backward scan (lastIndexOf would run to the start of a text with no line end).
  for (let i = hard - 1; i > from + PIECE / 2; i--) if (text.charCodeAt(i) === 10) return i + 1;
  return hard;
}

/** Every non-empty match replaced by `marker` (an empty match, `x*` between two letters, is kept). */
function replaceNonEmpty(re: RE2JS, text: string, marker: string): string {
  const m = re.matcher(text);
  let out = '';
  let last = 0;
  while (m.find()) {
    const start = m.start();
    const end = m.end();
    if (end === start) continue;
    out += text.slice(last, start) + marker;
    last = end;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** Replaces every match of the pattern `source` in `text` by `marker`; a pattern that cannot run is skipped. */
export function applyCustomPattern(text: string, source: string, marker: string): string {
  const c = get(source);
  let out = '';
  for (let from = 0; from < text.length;) {
    const end = pieceEnd(text, from);
    const piece = from === 0 && end === text.length ? text : text.slice(from, end);
    if (!c.re) {
      out += piece;
    } else {
      const t0 = performance.now();
      out += replaceNonEmpty(c.re, piece, marker);
      const ms = performance.now() - t0;
      c.spentMs += ms;
      c.chars += piece.length + PER_CALL_CHARS;
      if (ms > PIECE_MAX_MS) {
        disable(source, c, `disabled: took ${Math.round(ms)} ms on ${piece.length} characters`);
      } else if (c.spentMs > BUDGET_MS && (c.spentMs * 1000) / c.chars > MAX_US_PER_CHAR) {
        const rate = ((c.spentMs * 1000) / c.chars).toFixed(1);
        disable(source, c, `disabled: too slow (${rate} µs per character over ${c.chars} characters)`);
      }
    }
    from = end;
  }
  return out;
}

/** The state of each of `patterns` (the configured ones): active, invalid for RE2, or disabled. */
export function customPatternStatus(patterns: readonly string[]): CustomPatternStatus[] {
  return patterns.map((pattern) => {
    const c = get(pattern);
    const state = c.disabledAt !== null ? 'disabled' : c.problem ? 'invalid' : 'active';
    return { pattern, state, reason: c.problem, disabledAt: c.disabledAt };
  });
}
