/**
 * Typo tolerance: a word that matches nothing is replaced by its most frequent one-edit variant
 * (insert, transpose, delete or replace a letter) that the indexes know, the likelier slip first
 * among equals, unless it is an English word (dictionary.ts): "stale" asked where only `state` is
 * stored is a word the memories lack, not a typo of `state`. Variants are matched as FTS5 words
 * (`LIMIT 1`: b-tree seeks, whatever the word's frequency), so the porter stemmer applies to them
 * as to any query word (`exponetial` → `exponential` → stem `exponenti`): about 54·n + 25 of them
 * for an n-letter word, GROUP at a time in one OR expression, then one by one within a group that
 * matches. Only runs when a query finds little.
 */
import type Database from 'better-sqlite3';
import { isEnglishWord } from './dictionary.js';

const FTS = ['observations_fts', 'summaries_fts', 'prompts_fts'] as const;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
/** Frequencies are counted up to this many rows (enough to tell common from rare). */
const FREQ_CAP = 500;
/**
 * Variants looked for together, as one OR expression: one statement finds whether any of them is
 * known, and only a group that holds one is probed word by word (most hold none).
 */
const GROUP = 48;

/**
 * Every string one edit away from `w` (letters from a-z and `w`'s own characters), the likeliest
 * typo first: a letter left out (the most frequent slip in typing studies; fixed by inserting
 * one), two letters swapped, a stray letter (deleted), then a wrong letter (replaced). Among
 * variants the memories hold equally often, the likelier slip wins: `ceate` is `create`, not
 * `beate`.
 */
function edits1(w: string): string[] {
  const chars = [...w];
  const alphabet = [...new Set([...ALPHABET, ...chars])];
  const inserts: string[] = [];
  const swaps: string[] = [];
  const deletes: string[] = [];
  const replaces: string[] = [];
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i);
    const rest = tail.slice(1).join('');
    for (const c of alphabet) inserts.push(head + c + tail.join(''));
    if (tail.length === 0) continue;
    if (tail.length > 1) swaps.push(head + tail[1]! + tail[0]! + tail.slice(2).join(''));
    deletes.push(head + rest);
    for (const c of alphabet) replaces.push(head + c + rest);
  }
  const out = new Set([...inserts, ...swaps, ...deletes, ...replaces]);
  out.delete(w);
  return [...out];
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
    const candidates = edits1(token)
      .filter((c) => [...c].length >= 3)
      .map((c) => [c, quote(c)] as const);
    let best: { word: string; n: number } | null = null;
    // Observations first; the smaller indexes only when no variant is known there.
    for (let i = 0; i < FTS.length && !best; i++) {
      for (let g = 0; g < candidates.length; g += GROUP) {
        const group = candidates.slice(g, g + GROUP);
        if (this.probe[i]!.get(group.map(([, q]) => q).join(' OR ')) === undefined) continue;
        for (const [word, q] of group) {
          if (this.probe[i]!.get(q) === undefined) continue;
          const n = this.freq[i]!.get(q) as number;
          if (!best || n > best.n) best = { word, n };
          // Counted to the cap: no later (less likely) variant can be more frequent.
          if (best.n >= FREQ_CAP) return best.word;
        }
      }
    }
    return best?.word ?? null;
  }
}
