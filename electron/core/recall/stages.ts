/**
 * The SQL side of search stages: one stage's full-text hits for each kind (bm25 × recency inside
 * a window of the newest matches, or recency alone for dense terms), trigram substring matches,
 * and the newest observations for an empty query. Ranking returns ids and scores only.
 * Broad queries are ranked inside a window of their 600 newest matches first (widened until it
 * holds enough hits after filters), so a word in half a million rows costs a window's worth of
 * bm25, not the whole index; the recency boost favours those rows anyway.
 */
import type Database from 'better-sqlite3';
import type { Hit } from './page.js';
import { term } from './query.js';
import { MEMO_MAX } from './data-version.js';
import { stemsOf } from './lexicon.js';
import {
  NTH_MATCH_SQL,
  newestSql,
  TIME_SQL,
  hasFilters,
  recencyFactor,
  listSql,
  turnsSql,
  rankSql,
  substringSql,
  type Filters,
  type Kind,
} from './search-sql.js';

/** Recency windows (newest matches) tried in turn for ranking; the last is the whole index. */
const WINDOWS = [600, 6_000, Number.POSITIVE_INFINITY];
const MIN_WINDOW_HITS = 25;
/** A term in more rows than this is ranked without bm25 (see `ranked`). */
export const DENSE = 3_000;
/**
 * The same for session summaries and prompts: a tenth of DENSE, as they are a tenth of the rows or
 * fewer (25,106 and 75,318 beside 1,000,000 observations in the search bench). With DENSE their
 * words almost never counted as dense, and their bm25 windows cost nearly half of a median query.
 */
const DENSE_SMALL = 300;
const denseAt = (kind: Kind): number => (kind === 'observation' ? DENSE : DENSE_SMALL);
/** The per-search memo's key of an n-th-match lookup (`Stages.nth`, read by `knownDense`). */
const nthKey = (kind: Kind, match: string, offset: number): string => `${kind}\u0000${offset}\u0000${match}`;
/** How many newest matches the recency ranking looks at. */
const NEWEST = 60;
const LONG_PREFIX = /^".{4,}"\*$/u;

interface Scored {
  id: number;
  score: number;
}
interface Timed {
  id: number;
  time: number;
  title: string | null;
}

/** Where a stage looks and how many hits it wants: the same for every stage of one search. */
export interface StageScope {
  kinds: Kind[];
  filters: Filters;
  bind: Record<string, unknown>;
  want: number;
}

export class Stages {
  /**
   * The n-th newest match of an expression: the stages of one search ask the same
   * (is this word dense? where does its window start?) again and again, and so do the searches
   * that follow while the index stays as it is. Cleared by `begin` when it changed.
   */
  private readonly nthSeen = new Map<string, number | null>();

  constructor(private readonly stmt: (sql: string) => Database.Statement) {}

  /** A new search: forget what earlier ones looked up if the index `changed` since (or too much). */
  begin(changed: boolean): void {
    if (changed || this.nthSeen.size > MEMO_MAX) this.nthSeen.clear();
  }

  /** Whether a word (as typed, no prefix) is dense in `kind` (`denseAt`; kept until the index changes). */
  isDense(kind: Kind, word: string): boolean {
    return this.nth(kind, term(word, false), denseAt(kind) - 1) !== null;
  }

  /** `isDense` when this search already asked it, else undefined (no lookup). */
  knownDense(kind: Kind, word: string): boolean | undefined {
    const id = this.nthSeen.get(nthKey(kind, term(word, false), denseAt(kind) - 1));
    return id === undefined ? undefined : id !== null;
  }

  /** The id of the `offset`-th newest row matching `match` (0 = newest), or null. */
  private nth(kind: Kind, match: string, offset: number): number | null {
    const key = nthKey(kind, match, offset);
    let id = this.nthSeen.get(key);
    if (id === undefined) {
      const row = this.stmt(NTH_MATCH_SQL[kind]).get(match, offset) as { id: number } | undefined;
      id = row ? row.id : null;
      this.nthSeen.set(key, id);
    }
    return id;
  }

  /**
   * Full-text hits of one stage for each kind. Terms in more than DENSE rows (DENSE_SMALL for
   * summaries and prompts) make bm25 costly (it counts every row of each term's doclist for its
   * idf), and so do long prefixes: queries with such a term rank by recency instead, title matches
   * first; an OR keeps only its rarer terms when it has some.
   */
  ranked(words: string[], prefix: boolean | boolean[], op: 'AND' | 'OR', scope: StageScope): Hit[] {
    const { kinds, filters: f, bind, want } = scope;
    const out: Hit[] = [];
    const k = Math.max(want, MIN_WINDOW_HITS);
    const termList = words.map((w, i) => term(w, Array.isArray(prefix) ? prefix[i]! : prefix));
    for (const kind of kinds) {
      // A prefix of 4+ characters merges every term it starts (per statement): no bm25 for it.
      const dense = termList.map((t) => LONG_PREFIX.test(t) || this.nth(kind, t, denseAt(kind) - 1) !== null);
      let list = termList;
      if (op === 'OR' && dense.some(Boolean) && !dense.every(Boolean))
        list = termList.filter((_t, i) => !dense[i]);
      const match = list.join(` ${op} `);
      if (list === termList && dense.some(Boolean)) {
        // Snippets marked here too: an FTS snippet would re-run the costly expression.
        const needles = words.flatMap(stemsOf);
        for (const r of this.newest(kind, match, needles, f, bind, k))
          out.push({ kind, id: r.id, score: r.score, match: null, needles });
      } else {
        for (const r of this.bm25(kind, match, f, bind, k))
          out.push({ kind, id: r.id, score: r.score, match, needles: [] });
      }
    }
    return out;
  }

  /** bm25 × recency, inside a window of the newest matches widened until it holds k hits. */
  private bm25(kind: Kind, match: string, f: Filters, bind: Record<string, unknown>, k: number): Scored[] {
    const filtered = hasFilters(f);
    for (const w of WINDOWS) {
      // The window starts at the w-th newest match (walking the doclist backwards, no bm25).
      const nth = w === Number.POSITIVE_INFINITY ? null : this.nth(kind, match, w - 1);
      const minId = nth !== null ? nth - 1 : 0;
      // Unfiltered: the best 2k by bm25, re-scored with recency here (no join per match).
      const rows = this.stmt(rankSql(kind, f)).all({
        ...bind,
        match,
        minId,
        k: filtered ? k : k * 2,
      }) as Scored[];
      if (rows.length < k && minId !== 0) continue;
      if (!filtered) {
        const now = bind.now as number;
        const times = new Map(
          (
            this.stmt(TIME_SQL[kind])
              .raw()
              .all(JSON.stringify(rows.map((r) => r.id))) as Array<[number, number]>
          ).map(([id, t]) => [id, t]),
        );
        for (const r of rows) r.score *= recencyFactor(now, times.get(r.id) ?? 0);
        rows.sort((a, b) => b.score - a.score);
        rows.length = Math.min(rows.length, k);
      }
      return rows;
    }
    return [];
  }

  /**
   * Newest matches first, no bm25: the NEWEST newest ones, those whose title holds every word
   * (checked here on the fetched title) scored ×2, all × recency.
   */
  private newest(
    kind: Kind,
    match: string,
    stems: string[],
    f: Filters,
    bind: Record<string, unknown>,
    k: number,
  ): Scored[] {
    const now = bind.now as number;
    const rows = this.stmt(newestSql(kind, f)).all({ ...bind, match, k: Math.max(k, NEWEST) }) as Timed[];
    return rows
      .map((r) => {
        const title = ` ${(r.title ?? '').toLowerCase()}`;
        const inTitle = stems.every((st) => title.includes(` ${st}`) || title.includes(st));
        return { id: r.id, score: (inTitle ? 2 : 1) * recencyFactor(now, r.time) };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, k);
  }

  /**
   * Trigram substring matches. The index keeps no column information (detail=none), so a column
   * that rarely holds the text costs a check of every row holding it elsewhere: path-like text is
   * looked up in paths only.
   */
  substrings(
    subs: string[],
    f: Filters,
    bind: Record<string, unknown>,
    want: number,
    columns: ReadonlyArray<'title' | 'paths'> = ['title', 'paths'],
  ): Hit[] {
    const out: Hit[] = [];
    const pats = Object.fromEntries(subs.map((s, i) => [`p${i}`, `%${s}%`]));
    for (const col of columns) {
      const rows = this.stmt(substringSql(col, subs.length, f)).all({
        ...bind,
        ...pats,
        k: want,
      }) as Array<{ id: number; score: number }>;
      for (const r of rows)
        out.push({ kind: 'observation', id: r.id, score: r.score, match: null, needles: subs });
    }
    return out;
  }

  list(p: Filters, bind: Record<string, unknown>, want: number): Hit[] {
    const rows = this.stmt(listSql(p)).all({ ...bind, k: want, offset: 0 }) as Array<{
      id: number;
      at: number;
    }>;
    return rows.map((r) => ({ kind: 'observation', id: r.id, score: 0, at: r.at, match: null, needles: [] }));
  }

  /** The turns of a span (`f.since`..`f.until`), newest first, unscored (turnsSql). */
  turns(f: Filters, bind: Record<string, unknown>, want: number): Hit[] {
    const rows = this.stmt(turnsSql(f)).all({ ...bind, k: want }) as Array<{ id: number; at: number }>;
    return rows.map((r) => ({ kind: 'observation', id: r.id, score: 0, at: r.at, match: null, needles: [] }));
  }

  /**
   * Observations matching any of `words` and the FTS expression `only` (e.g. a tool-name column
   * filter), newest first, scored by recency; snippets marked in JS. Walks the doclists from the
   * newest rowid, so a rare `only` keeps it cheap whatever the words.
   */
  newestOf(words: string[], only: string, f: Filters, bind: Record<string, unknown>, want: number): Hit[] {
    const match = `(${words.map((w) => term(w, false)).join(' OR ')}) AND (${only})`;
    const needles = words.flatMap(stemsOf);
    return this.newest('observation', match, needles, f, bind, Math.max(want, MIN_WINDOW_HITS)).map((r) => ({
      kind: 'observation' as const,
      id: r.id,
      score: r.score,
      match: null,
      needles,
    }));
  }
}
