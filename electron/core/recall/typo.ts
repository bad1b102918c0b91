/**
 * Typo tolerance: a word that matches nothing is replaced by its most frequent one-edit variant
 * (delete, transpose, replace or insert a letter) that the indexes know, unless it is an English
 * word (dictionary.ts): "stale" asked where only `state` is stored is a word the memories lack,
 * not a typo of `state`. Each variant is probed with an exact FTS5 match (`LIMIT 1`: one b-tree
 * seek, whatever the word's frequency), so the porter stemmer applies to it as to any query word
 * (`exponetial` → `exponential` → stem `exponenti`). About 54·n + 25 probes for an n-letter word;
 * only runs when a query finds little.
 */
import type Database from 'better-sqlite3';
import { isEnglishWord } from './dictionary.js';

const FTS = ['observations_fts', 'summaries_fts', 'prompts_fts'] as const;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
/** Frequencies are counted up to this many rows (enough to tell common from rare). */
const FREQ_CAP = 500;

/** Every string one edit away from `w` (letters from a-z and `w`'s own characters). */
function edits1(w: string): Set<string> {
  const chars = [...w];
  const alphabet = new Set([...ALPHABET, ...chars]);
  const out = new Set<string>();
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i);
    if (tail.length > 0) out.add(head + tail.slice(1).join(''));
    if (tail.length > 1) out.add(head + tail[1]! + tail[0]! + tail.slice(2).join(''));
    for (const c of alphabet) {
      if (tail.length > 0) out.add(head + c + tail.slice(1).join(''));
      out.add(head + c + tail.join(''));
    }
  }
  out.delete(w);
  return out;
}

const quote = (t: string): string => `"${t.replace(/"/g, '""')}"`;

export class TypoCorrector {
  private readonly probe: Database.Statement[];
  private readonly known: Database.Statement[];
  private readonly freq: Database.Statement[];
  private readonly count: Database.Statement;

  constructor(sqlite: Database.Database) {
    this.probe = FTS.map((f) => sqlite.prepare(`SELECT 1 FROM ${f} WHERE ${f} MATCH ? LIMIT 1`).pluck());
    this.known = this.probe;
    this.count = sqlite.prepare(
      'SELECT count(*) FROM (SELECT 1 FROM observations_fts WHERE observations_fts MATCH ? LIMIT ?)',
    );
    this.freq = FTS.map((f) =>
      sqlite
        .prepare(`SELECT count(*) FROM (SELECT 1 FROM ${f} WHERE ${f} MATCH ? LIMIT ${FREQ_CAP})`)
        .pluck(),
    );
  }

  /** Whether the word occurs in any index, as a word or else as a prefix (a costlier merge). */
  isKnown(token: string): boolean {
    if (this.known.some((s) => s.get(quote(token)) !== undefined)) return true;
    return token.length >= 2 && this.known.some((s) => s.get(`${quote(token)}*`) !== undefined);
  }

  /** In how many observations the word occurs, counted up to `cap` (one doclist walk, bounded). */
  frequency(token: string, cap: number): number {
    return this.frequencyOf(quote(token), cap);
  }

  /** In how many observations an FTS5 expression matches, counted up to `cap`. */
  frequencyOf(match: string, cap: number): number {
    return this.count.pluck().get(match, cap) as number;
  }

  /**
   * The most frequent known one-edit variant of a word that matches nothing, or null; null for an
   * English word.
   */
  correct(token: string): string | null {
    // Words only (ids and hashes with digits are not typo-corrected), 4 to 24 letters.
    const n = [...token].length;
    if (n < 4 || n > 24 || !/^\p{L}+$/u.test(token) || isEnglishWord(token)) return null;
    const candidates = [...edits1(token)]
      .filter((c) => [...c].length >= 3)
      .map((c) => [c, quote(c)] as const);
    let best: { word: string; n: number } | null = null;
    // Observations first; the smaller indexes only when no variant is known there.
    for (let i = 0; i < FTS.length && !best; i++) {
      for (const [word, q] of candidates) {
        if (this.probe[i]!.get(q) === undefined) continue;
        const n = this.freq[i]!.get(q) as number;
        if (!best || n > best.n) best = { word, n };
      }
    }
    return best?.word ?? null;
  }
}
