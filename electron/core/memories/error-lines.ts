/**
 * The meaningful lines of an error output (a failed command's stderr, a test runner's report, a
 * tool's error text): exit-code banners, blank lines, YAML/JSON block markers, stack frames and
 * progress noise are skipped; lines naming the error (a diagnostic, an exception, a panic and its
 * message) come first. One function for the rule extractor's failures and the remembered
 * bugfix/episode rows.
 */

import { clip } from '../util/clip.js';

/** Lines that carry nothing: banners, markers, frames, TAP/progress chatter. */
const NOISE = new RegExp(
  [
    /^(?:error:\s*)?exit (?:code|status)[:\s]+\d+$/, // "Error: Exit code 1"
    /^[|>][-+]?$|^[{}[\]()]+,?$|^(?:---|\.\.\.)$/, // YAML/JSON block markers
    /^[-=─━┃│|*#]+$|^\s*[\^~]+\s*$/, // rules and carets
    /^at\s|^\S+ \(\S+:\d+:\d+\)$|^async \S+ \(|^File ".*", line \d+/, // stack frames
    /^hint:|^tap version|^#\s*(?:subtest|tests|suites|pass|fail|cancelled|skipped|todo|duration)\b/,
    /^ok \d+ |^\d+\.\.\d+$|^(?:duration_ms|location|failureType|code|operator|stack):/,
    /\.{3}\s*$|^(?:checking|compiling|finding|running|generated|downloading)\b.*\.\.\.?/,
    /^\+ actual - expected$/,
  ]
    .map((r) => r.source)
    .join('|'),
  'i',
);

/** Lines that name the error itself (a `path:line: message` diagnostic, a report's "… failed:"). */
const STRONG =
  /^(?:[\w-]+: )?[\w./-]+\.\w+:\d+(?::\d+)?:\s*\S|\bfailed:|\b[A-Z]\w*(?:Error|Exception)\b|^(?:error|fatal|panic)\b|\bpanicked at\b|\berror(?:\[\w+\])?:|!==|===|traceback|cannot|can't|could not|no such|not found|undefined|not defined|denied|refused|permission/i;
/**
 * A test runner's line naming the test that failed (unittest's `FAIL: test_x (…)`, Go's `--- FAIL:`,
 * pytest's `FAILED path::test`, TAP's `not ok 3 - name`): the first one leads the error lines.
 */
const TEST_FAILED = /^(?:FAIL|ERROR): \w+ \(|^--- FAIL: \w+|^FAILED \S+::\w+|^not ok \d+ - \S/;
/** … else lines that say something failed, a leak, or a compiler's note on the error. */
const WEAK =
  /error|fail|invalid|missing|unexpected|expected|warning|not ok|definitely lost|^=?\s*(?:note|help):/i;
/** The two sides an assertion printed (Rust's `left: 2`, Jest's `Received: 3`) … */
const SIDE = /^(?:left|right):|^(?:Expected|Received):/;
/** … read with the assertion above them. */
const ASSERTION = /assert|panicked at|expect\(/i;

/** Where a compiler's diagnostic points, on the line under it (rustc, clippy: `--> src/a.rs:3:5`). */
const POINTS_AT = /^-->\s*(\S+:\d+(?::\d+)?)$/;

/** A YAML block key (`error: |-`): its indented lines read as one. */
const BLOCK_KEY = /^(\w[\w ]*):\s*[|>][-+]?$/;
const KEEP_BLOCK = /^(?:error|message|reason|details?|stderr)$/i;

function indent(l: string): number {
  return /^\s*/.exec(l)![0].length;
}

interface Line {
  text: string;
  /** Stated as the error (the body of an `error:` block). */
  stated: boolean;
}

function meaningful(text: string): Line[] {
  const raw = text
    .slice(0, 20_000)
    // Some errors arrive encoded twice: literal "\n" sequences.
    .replace(/\\n/g, '\n')
    .split('\n')
    .slice(0, 400)
    .map((l) => l.replace(/<\/?tool_use_error>/g, '').replace(/\s+$/, ''));
  const out: Line[] = [];
  for (let i = 0; i < raw.length; i++) {
    const line = raw[i]!;
    const t = line.trim();
    const block = BLOCK_KEY.exec(t);
    if (block) {
      // The block's body: the following lines indented deeper than its key.
      const body: string[] = [];
      let j = i + 1;
      for (; j < raw.length && (raw[j]!.trim() === '' || indent(raw[j]!) > indent(line)); j++) {
        const b = raw[j]!.trim();
        if (b !== '' && !NOISE.test(b)) body.push(b);
      }
      if (KEEP_BLOCK.test(block[1]!) && body.length > 0) out.push({ text: body.join(' '), stated: true });
      i = j - 1;
      continue;
    }
    if (t === '' || NOISE.test(t)) continue;
    // `error: 'discountRate is not defined'`, `name: 'ReferenceError'` (YAML scalars): the quoted text.
    const scalar = /^(?:error|message):\s*'(.*)'$/i.exec(t);
    const plain = t.replace(/^name:\s*'(.*)'$/i, '$1').replace(/^[┃│]\s*/, '');
    out.push({ text: scalar ? scalar[1]! : plain, stated: scalar !== null });
  }
  // A line that announces more ("…failed:") reads with the line after it, an assertion with the
  // sides it printed, a diagnostic with the place it points at.
  const joined: Line[] = [];
  for (let i = 0; i < out.length; i++) {
    const l = out[i]!;
    const next = out[i + 1];
    const above = joined[joined.length - 1];
    const at = POINTS_AT.exec(l.text);
    if (above && at) above.text = `${above.text} (${at[1]})`;
    else if (above && SIDE.test(l.text) && ASSERTION.test(above.text))
      above.text = `${above.text} · ${l.text}`;
    else if (l.text.endsWith(':') && next) {
      joined.push({ text: `${l.text} ${next.text}`, stated: l.stated || next.stated });
      i++;
    } else joined.push(l);
  }
  return joined;
}

/** The lines of an error output worth showing: the ones naming the error first (bounded scan). */
export function errorLines(text: string, max = 3): string[] {
  const lines = meaningful(text);
  const full = lines.map((l) => l.text);
  // The first failed test only: the next ones would crowd out what went wrong.
  const named = lines.filter((l) => TEST_FAILED.test(l.text)).slice(0, 1);
  const strong = [
    ...named,
    ...lines.filter((l) => l.stated && !named.includes(l)),
    ...lines.filter((l) => !l.stated && !named.includes(l) && STRONG.test(l.text)),
  ].map((l) => l.text);
  const weak = full.filter((l) => WEAK.test(l) && !strong.includes(l));
  const pick = [...new Set([...strong, ...weak, ...(strong.length + weak.length > 0 ? [] : full)])].slice(
    0,
    max,
  );
  return pick.map((l) => clip(l.replace(/^error:\s+(?=\S)/i, ''), 200));
}

export const firstErrorLine = (text: string): string | null => errorLines(text, 1)[0] ?? null;

/** Up to two meaningful error lines as one line of at most `max` characters, or null. */
export function errorGist(text: string, max = 240): string | null {
  const lines = errorLines(text, 2);
  if (lines.length === 0) return null;
  const [a, b] = lines;
  return clip(b && a!.length + b.length + 3 <= max ? `${a} · ${b}` : a!, max);
}
