/**
 * Typo tolerance from the indexes' own vocabularies (fts5vocab): a word that matches nothing is
 * replaced by the closest index term sharing its first two letters (or them swapped), within one
 * edit (two for words of eight letters or more). Candidates come from a range scan of the sorted
 * term list, so the cost is bounded by the terms under one two-letter prefix, not by the corpus.
 */
import type Database from 'better-sqlite3';
import { distanceToStem, term } from './query.js';

const INDEXES = [
  { fts: 'observations_fts', vocab: 'observations_fts_vocab' },
  { fts: 'summaries_fts', vocab: 'summaries_fts_vocab' },
  { fts: 'prompts_fts', vocab: 'prompts_fts_vocab' },
] as const;

/** Exclusive upper bound of every string starting with `prefix`. */
function after(prefix: string): string {
  const cps = [...prefix];
  const last = cps.pop()!;
  return cps.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

export class TypoCorrector {
  private readonly known: Database.Statement[];
  private readonly range: Database.Statement[];

  constructor(sqlite: Database.Database) {
    this.known = INDEXES.map((i) => sqlite.prepare(`SELECT 1 FROM ${i.fts} WHERE ${i.fts} MATCH ? LIMIT 1`));
    this.range = INDEXES.map((i) =>
      sqlite.prepare(`SELECT term, doc FROM ${i.vocab} WHERE term >= ? AND term < ? LIMIT 20000`).raw(),
    );
  }

  /** Whether the word (as a prefix) occurs in any index. */
  isKnown(token: string): boolean {
    return this.known.some((s) => s.get(term(token)) !== undefined);
  }

  /** The closest index term to a word that matches nothing, or null. */
  correct(token: string): string | null {
    if (token.length < 4 || !/^\p{L}+$/u.test(token)) return null;
    const max = token.length >= 8 ? 2 : 1;
    const heads = new Set([token.slice(0, 2), token[1]! + token[0]!]);
    let best: { term: string; dist: number; doc: number } | null = null;
    for (const head of heads) {
      for (const stmt of this.range) {
        for (const row of stmt.all(head, after(head)) as Array<[string, number]>) {
          const [t, doc] = row;
          if (t.length < 3) continue;
          const dist = distanceToStem(token, t, max);
          if (dist > max) continue;
          if (!best || dist < best.dist || (dist === best.dist && doc > best.doc))
            best = { term: t, dist, doc };
        }
      }
    }
    return best?.term ?? null;
  }
}
