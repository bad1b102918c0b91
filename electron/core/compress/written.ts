/**
 * What a tool call put into words worth finding later: the text a Write or Edit put into a file
 * (docstrings, config values, notes) and the first and last lines a command printed. Bounded: a
 * few hundred characters as facts of at most FACT_MAX characters each, from at most the first
 * SCAN_MAX characters of the text. The input is already redacted and stripped of private tags.
 */

import { cutAtWord } from '../util/clip.js';

const SCAN_MAX = 20_000;
const LINES_MAX = 400;
export const FACT_MAX = 300;
/** Lines that carry no words: blank, braces, rules, separators. */
const EMPTY = /^[^\p{L}\p{N}]*$/u;
/** Module plumbing that names nothing a person asks about later. */
const PLUMBING =
  /^(?:import\s|from\s+\S+\s+import\s|#include\s|use\s+[\w:]+(?:::\{[^}]*\})?;$|(?:const|let|var)\s+\{?[\w\s,]+\}?\s*=\s*require\()/;

/** Trimmed lines of `text` that say something, in order, without module plumbing. */
function meaningfulLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.slice(0, SCAN_MAX).split('\n', LINES_MAX)) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (EMPTY.test(line) || PLUMBING.test(line)) continue;
    out.push(line);
  }
  return out;
}

const LINE_BREAK = ' ⏎ ';

/**
 * The longest prefix of `text` of at most `n` characters that ends with a whole line, when one
 * ends past a third of `n`; else one that ends at a word (a line longer than that is cut).
 */
function cutAtLine(text: string, n: number): string {
  const end = text.lastIndexOf(LINE_BREAK, n - LINE_BREAK.length);
  return end > n / 3 ? text.slice(0, end) : cutAtWord(text, n);
}

/**
 * `lines` joined with ` ⏎ ` and cut into facts `prefix: …` of at most FACT_MAX characters, each
 * ending with a whole line where the lines are short enough (a sentence is not split between two
 * facts), up to `total` characters of text in all.
 */
function chunkFacts(prefix: string, lines: string[], total: number): string[] {
  const room = FACT_MAX - prefix.length - 2;
  const facts: string[] = [];
  let text = lines.join(LINE_BREAK);
  if (text.length > total) text = `${cutAtWord(text, total - 1)}…`;
  while (text.length > 0) {
    const part = text.length <= room ? text : cutAtLine(text, room);
    facts.push(`${prefix}: ${part.trim()}`);
    text = text.slice(part.length).trimStart().replace(/^⏎ /, '');
  }
  return facts;
}

/**
 * A comment line (`//`, `///`, `#`, `--`, `;`, a block comment's lines), not a preprocessor line
 * or an attribute: where code says why it is as it is.
 */
const COMMENT = /^(?:\/\/|\/\*|\*(?!\/)|#(?![![]|include|define|if|endif|pragma)|--(?!-)|;+\s)/;
const HEAD_MAX = 1_200;
const COMMENTS_MAX = 600;

/**
 * What a Write put into its file: up to 1,200 characters of its meaningful lines, then up to 600
 * of the comments further down (the reasons a long file gives below its first lines).
 */
export function writtenFacts(content: string): string[] {
  const lines = meaningfulLines(content);
  const head = chunkFacts('wrote', lines, HEAD_MAX);
  let used = 0;
  let rest = 0;
  while (rest < lines.length && used + lines[rest]!.length + 3 <= HEAD_MAX) used += lines[rest++]!.length + 3;
  const comments = lines.slice(rest + 1).filter((l) => COMMENT.test(l));
  return comments.length === 0 ? head : [...head, ...chunkFacts('wrote', comments, COMMENTS_MAX)];
}

/** What an Edit's new text says: up to 600 characters of its meaningful lines. */
export const editedFacts = (newText: string): string[] => textFacts('new', newText, 600);

/**
 * The meaningful lines of a text as facts `prefix: …`, up to `total` characters (a helper agent's
 * instructions or report, an Edit's new text).
 */
export function textFacts(prefix: string, text: string, total: number): string[] {
  return chunkFacts(prefix, meaningfulLines(text), total);
}

/**
 * What a command printed: its first four and last two meaningful lines (a report's totals come
 * last), up to 500 characters, leaving out lines already kept elsewhere (`skip`).
 */
export function outputFacts(output: string, skip: string[]): string[] {
  const lines = meaningfulLines(output).filter((l) => !skip.some((s) => s.includes(l) || l.includes(s)));
  const picked = lines.length <= 6 ? lines : [...lines.slice(0, 4), '…', ...lines.slice(-2)];
  return picked.length === 0 ? [] : chunkFacts('output', picked, 500);
}
