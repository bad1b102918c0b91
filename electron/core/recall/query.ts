/**
 * Turns any user text into safe FTS5 match expressions. Nothing the user types is passed to FTS5
 * as syntax: words are extracted (letters, digits and marks, as the unicode61 tokenizer sees them)
 * and each is emitted as a double-quoted string, so quotes, `*`, `NEAR`, `AND`, `col:` filters,
 * parentheses and emoji can never form an operator or a syntax error.
 */

import { hasCjk, identifierParts } from '../db/identifiers.js';
import { cjkPhrase, scriptParts, type Known } from './cjk.js';
import { alternativesOf, numbersAsDigits, phrasesAsWords } from './lexicon.js';

/**
 * Words; a dotted number (`0.2.0`, `179.6`, `127.0.0.1`: up to eight parts of up to twenty digits)
 * is one word, matched as the phrase of its parts.
 */
const WORD_RE = /\d{1,20}(?:\.\d{1,20}){1,7}(?![\p{L}\p{N}]|\.\d)|[\p{L}\p{N}\p{M}]+/gu;
const DOTTED = /^\d{1,20}(?:\.\d{1,20}){1,7}$/;
/** Words read from a query (a question has many words that are only its frame). */
const MAX_TOKENS = 24;
const MAX_TOKEN_LEN = 64;

interface ParsedQuery {
  /** The trimmed raw text (bounded), used for substring matching when there are no words. */
  raw: string;
  /** Lower-cased words, deduplicated, in order; camelCase identifiers as their parts. */
  tokens: string[];
}

/** `known`: whether the memories hold a word, to read a Chinese word the segmenter split (cjk.ts). */
export function parseQuery(text: string, known?: Known): ParsedQuery {
  const raw = numbersAsDigits(text.normalize('NFC').trim().slice(0, 500));
  const tokens = new Set<string>();
  for (const m of phrasesAsWords(raw).matchAll(WORD_RE)) {
    for (const t of wordsOf(m[0], known)) tokens.add(t);
    if (tokens.size >= MAX_TOKENS) break;
  }
  return { raw, tokens: [...tokens].slice(0, MAX_TOKENS) };
}

/**
 * The tokens of one match: a dotted number whole; the parts of camelCase identifiers, since the
 * index holds them (db/identifiers.ts), so `TranscriptComputers` matches `transcript computers` and
 * the identifier itself; Chinese/Japanese runs as their words (cjk.ts).
 */
function wordsOf(match: string, known?: Known): string[] {
  if (DOTTED.test(match)) return [match];
  return scriptParts(match, known).flatMap((part) => {
    const parts = part.cjk ? [part.text] : identifierParts(part.text);
    return (parts.length > 0 ? parts : [part.text.toLowerCase()]).map((p) => p.slice(0, MAX_TOKEN_LEN));
  });
}

/** A quoted FTS5 string; words never contain `"`, but escape anyway. */
const quote = (t: string): string => `"${t.replace(/"/g, '""')}"`;

/**
 * A word, as a prefix when asked and it has two or more characters (2- and 3-char prefixes are
 * indexed), or any of its alternatives (lexicon.ts) as whole words; a Chinese/Japanese word as the
 * phrase of its character pairs.
 */
export function term(t: string, prefix = true): string {
  if (hasCjk(t)) return cjkPhrase(t);
  const own = prefix && t.length >= 2 && !DOTTED.test(t) ? `${quote(t)}*` : quote(t);
  const alts = alternativesOf(t);
  return alts.length === 0 ? own : `(${[own, ...alts.map(quote)].join(' OR ')})`;
}

/** Replaces FTS snippet markers with `<mark>` tokens; literal `<mark>` text in the data is dropped. */
const MARK_OPEN = '\u0002';
const MARK_CLOSE = '\u0003';

export function finishSnippet(s: string): string {
  return s
    .replace(/<\/?mark>/gi, '')
    .replace(/","/g, ' · ')
    .replace(/\["|"\]/g, '')
    .replace(/[\r\n\t]+/g, ' ')
    .replaceAll(MARK_OPEN, '<mark>')
    .replaceAll(MARK_CLOSE, '</mark>')
    .trim();
}

/** A snippet made in JS: `text` around the first occurrence of any needle, needles marked. */
export function markSubstrings(text: string, needles: string[], width = 160): string {
  const clean = text.replace(/<\/?mark>/gi, '').replace(/[\r\n\t]+/g, ' ');
  const lower = clean.toLowerCase();
  const hits: Array<[number, number]> = [];
  for (const n of needles) {
    if (!n) continue;
    const ln = n.toLowerCase();
    let i = lower.indexOf(ln);
    while (i >= 0 && hits.length < 50) {
      hits.push([i, i + ln.length]);
      i = lower.indexOf(ln, i + ln.length);
    }
  }
  hits.sort((a, b) => a[0] - b[0]);
  const first = hits[0]?.[0] ?? 0;
  const start = Math.max(0, first - Math.floor(width / 3));
  const end = Math.min(clean.length, start + width);
  let out = start > 0 ? '…' : '';
  let pos = start;
  for (const [a, b] of hits) {
    if (a < pos || b > end) continue;
    out += `${clean.slice(pos, a)}<mark>${clean.slice(a, b)}</mark>`;
    pos = b;
  }
  out += clean.slice(pos, end) + (end < clean.length ? '…' : '');
  return out.trim();
}
