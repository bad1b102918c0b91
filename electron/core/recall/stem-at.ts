/**
 * Where a question's word (its stem, lower-case) occurs in a text: what a snippet, the line under
 * it and the glossary look for.
 */

/** Stems this short (`gc`, `db`, `ci`, `api`) are words of their own, not parts of longer ones. */
const SHORT_STEM = 3;
const LATIN = /^[a-z0-9]+$/;
export const WORD_CHAR = /^[\p{L}\p{N}]$/u;

/** Whether the code point that ends just before `i` is a letter or digit (false at the start). */
export function wordBefore(s: string, i: number): boolean {
  if (i === 0) return false;
  const lo = s.charCodeAt(i - 1);
  const hi = i >= 2 ? s.charCodeAt(i - 2) : 0;
  const astral = lo >= 0xdc00 && lo <= 0xdfff && hi >= 0xd800 && hi <= 0xdbff;
  return WORD_CHAR.test(astral ? s.slice(i - 2, i) : s[i - 1]!);
}

/** Whether the code point that starts at `i` is a letter or digit (false at the end). */
const wordAt = (s: string, i: number): boolean =>
  i < s.length && WORD_CHAR.test(String.fromCodePoint(s.codePointAt(i)!));

/**
 * Where `stem` occurs in `lower` from `from` on, or -1. A short stem counts only where a word starts
 * (`api` in "the API", "apis", not in "rapid"), and one of two letters where a word also ends (`gc`
 * in "GC log", not in "gcra"). A word of a script written without spaces is found anywhere.
 */
export function stemAt(lower: string, stem: string, from = 0): number {
  let i = lower.indexOf(stem, from);
  // Chinese and Japanese words are short and written without spaces: found anywhere.
  if (stem.length > SHORT_STEM || !LATIN.test(stem)) return i;
  for (; i >= 0; i = lower.indexOf(stem, i + 1))
    if (!wordBefore(lower, i) && !(stem.length < SHORT_STEM && wordAt(lower, i + stem.length))) return i;
  return -1;
}
