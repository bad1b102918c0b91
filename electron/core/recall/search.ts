/**
 * Search across observations, session summaries and prompts.
 *
 * Stages, each run only when the ones before found fewer than FEW hits:
 *  1. every word in the porter FTS5 indexes, bm25 with field weights × recency; then every word
 *     as a prefix (a prefix merges many doclists, so it only runs when exact words find little);
 *  2. words that match nothing replaced by their most frequent known one-edit variant (typos);
 *  3. any word (OR), so partial matches rank by how many (and how rare) words they share;
 *  4. substrings (trigram index) of observation titles and file paths.
 * A query that looks like a path or identifier fragment (no spaces, `/._-` inside) is first
 * matched as a substring.
 * Broad queries are ranked inside a window of their 600 newest matches first (widened until it
 * holds enough hits after filters), so a word in half a million rows costs a window's worth of
 * bm25, not the whole index; the recency boost favours those rows anyway.
 * Ranking returns ids only; titles and snippets are fetched for the page's hits alone.
 */
import type Database from 'better-sqlite3';
import { renderPage, type Hit, type SearchItem } from './page.js';
import { readQuestion, type Intent } from './intent.js';
import { parseQuery, term } from './query.js';
import { Reranker, stemPrefix, type Question } from './rerank.js';
import {
  NTH_MATCH_SQL,
  newestSql,
  TIME_SQL,
  hasFilters,
  recencyFactor,
  listSql,
  rankSql,
  substringSql,
  type Filters,
  type Kind,
} from './search-sql.js';
import { TypoCorrector } from './typo.js';

export type { Filters, Kind } from './search-sql.js';
export type { SearchItem } from './page.js';

export interface SearchParams extends Filters {
  q: string;
  kinds?: Kind[] | undefined;
  limit: number;
  offset: number;
}

export interface SearchResult {
  items: SearchItem[];
  /** Offset of the next page, or null. */
  nextOffset: number | null;
  /** Words replaced by typo correction (typed → index term). */
  corrected: Record<string, string>;
}

/** Fewer hits than this and the next, looser stage runs. */
const FEW = 5;
/** Recency windows (newest matches) tried in turn for ranking; the last is the whole index. */
const WINDOWS = [600, 6_000, Number.POSITIVE_INFINITY];
const MIN_WINDOW_HITS = 25;
/** A term in more rows than this is ranked without bm25 (see `ranked`). */
const DENSE = 3_000;
/** How many newest matches the recency ranking looks at. */
const NEWEST = 60;
const LONG_PREFIX = /^".{4,}"\*$/u;
/** Words of a query that take part in matching (after stop and frame words are set aside). */
const MAX_WORDS = 12;
/** The memory types that answer a question of each intent (searched for when none was found). */
const INTENT_TYPES: Record<Intent, string[]> = {
  decision: ['decision', 'episode'],
  failure: ['bugfix', 'failure'],
  order: ['episode'],
  file: [],
  command: [],
};

interface Scored {
  id: number;
  score: number;
}
interface Timed {
  id: number;
  time: number;
  title: string | null;
}

export const MAX_OFFSET = 1000;
const PATHISH = /^\S*[\p{L}\p{N}][/._-][\p{L}\p{N}]\S*$/u;

export class SearchEngine {
  private readonly stmts = new Map<string, Database.Statement>();
  private readonly typo: TypoCorrector;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: () => number,
  ) {
    this.typo = new TypoCorrector(sqlite);
  }

  private stmt(sql: string): Database.Statement {
    let s = this.stmts.get(sql);
    if (!s) {
      s = this.sqlite.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }

  search(p: SearchParams): SearchResult {
    const want = Math.min(p.offset, MAX_OFFSET) + p.limit + 1;
    const kinds = this.kindsFor(p);
    const bind = this.binds(p);
    const { tokens, raw } = parseQuery(p.q);
    const question = readQuestion(raw, tokens);
    const words = question.required.slice(0, MAX_WORDS);
    const corrected: Record<string, string> = {};
    const q: Question = { intent: question.intent, optional: question.optional, weighted: [] };
    const found = new Reranker((sql) => this.stmt(sql), q);
    if (raw === '') {
      if (kinds.includes('observation')) found.add(this.list(p, bind, want));
    } else {
      const ranked = (ws: string[], prefix: boolean | boolean[], op: 'AND' | 'OR'): Hit[] =>
        this.ranked(ws, prefix, op, kinds, p, bind, want);
      // Word weights (idf-like, from frequencies counted up to DENSE), for coverage scores.
      let df: Map<string, number> | null = null;
      const weigh = (ws: string[]): Map<string, number> => {
        df ??= new Map(ws.map((w) => [w, this.typo.frequency(w, DENSE)]));
        const d = df;
        q.weighted = ws.map((w) => ({ word: w, weight: Math.log(1 + DENSE / (1 + (d.get(w) ?? 0))) }));
        return d;
      };
      // A path or identifier fragment (`auth/refresh-cli`, `parse_config`) is meant literally.
      const pathish = PATHISH.test(raw) && kinds.includes('observation');
      if (pathish) found.add(this.substrings([raw], p, bind, want, ['paths']));
      if (words.length > 0 && !(pathish && found.size >= FEW)) found.add(ranked(words, false, 'AND'));
      // Type-ahead: the last word may be unfinished (earlier words are taken as typed); a word
      // already in DENSE rows is taken as finished (expanding it would merge huge doclists).
      const last = words[words.length - 1];
      if (found.size < FEW && last !== undefined && last.length >= 2 && !this.typo.isCommon(last, DENSE))
        found.add(
          ranked(
            words,
            words.map((_t, i) => i === words.length - 1),
            'AND',
          ),
        );
      if (found.size < FEW && words.length > 0) {
        const fixed = words.map((t) => {
          if (this.typo.isKnown(t)) return t;
          const c = this.typo.correct(t);
          if (c) corrected[t] = c;
          return c ?? t;
        });
        if (Object.keys(corrected).length > 0)
          found.add(
            ranked(
              fixed,
              fixed.map((w, i) => w === words[i]),
              'AND',
            ),
          );
        if (found.size < FEW && fixed.length > 1) {
          // Coverage first: drop the most common words one at a time (words in no row first), so
          // hits holding more of the query's rare words come before those holding fewer.
          const df = weigh(fixed);
          const byRarity = fixed.filter((w) => df.get(w)! > 0).sort((a, b) => df.get(a)! - df.get(b)!);
          for (let n = Math.min(byRarity.length, fixed.length - 1); n >= 1 && found.size < FEW; n--) {
            const some = byRarity.slice(0, n);
            found.add(ranked(some, false, 'AND'), found.share(some));
          }
          if (found.size < FEW) found.add(ranked(fixed, false, 'OR'), 'each');
        }
      }
      // The kind of memory the question asks for ("why…": decisions), when none was found yet.
      const wanted = question.intent ? INTENT_TYPES[question.intent] : [];
      if (wanted.length > 0 && words.length > 0 && kinds.includes('observation') && p.type === undefined) {
        if (q.weighted.length === 0) weigh(words);
        for (const type of wanted) {
          if (found.has(wanted)) break;
          found.add(
            this.ranked(words, false, 'OR', ['observation'], { ...p, type }, { ...bind, type }, want),
            'each',
          );
        }
      }
      if (found.size < FEW && kinds.includes('observation')) {
        const subs = words.length > 0 ? words.filter((t) => t.length >= 3) : [raw];
        if (subs.length > 0 && subs.every((s) => [...s].length >= 3))
          found.add(this.substrings(subs, p, bind, want), 0.5);
      }
    }
    const hits = found.hits;
    const start = Math.min(p.offset, MAX_OFFSET);
    const page = hits.slice(start, start + p.limit);
    return {
      items: renderPage((sql) => this.stmt(sql), page),
      nextOffset: hits.length > start + p.limit && start + p.limit <= MAX_OFFSET ? start + p.limit : null,
      corrected,
    };
  }

  private kindsFor(p: SearchParams): Kind[] {
    let kinds: Kind[] = p.kinds ?? ['observation', 'summary', 'prompt'];
    if (p.type !== undefined || p.file !== undefined) kinds = kinds.filter((k) => k === 'observation');
    return kinds;
  }

  private binds(f: Filters): Record<string, unknown> {
    const b: Record<string, unknown> = { now: this.clock() };
    if (f.project !== undefined) b.project = f.project;
    if (f.type !== undefined) b.type = f.type;
    if (f.since !== undefined) b.since = f.since;
    if (f.until !== undefined) b.until = f.until;
    if (f.file !== undefined) {
      b.fileLike = `%${f.file}%`;
      b.fileLower = f.file.toLowerCase();
    }
    return b;
  }

  /**
   * Full-text hits of one stage for each kind. Terms in more than DENSE rows make bm25 costly (it
   * counts every row of each term's doclist for its idf), and so do long prefixes: queries with
   * such a term rank by recency instead, title matches first; an OR keeps only its rarer terms
   * when it has some.
   */
  private ranked(
    words: string[],
    prefix: boolean | boolean[],
    op: 'AND' | 'OR',
    kinds: Kind[],
    f: Filters,
    bind: Record<string, unknown>,
    want: number,
  ): Hit[] {
    const out: Hit[] = [];
    const k = Math.max(want, MIN_WINDOW_HITS);
    const termList = words.map((w, i) => term(w, Array.isArray(prefix) ? prefix[i]! : prefix));
    for (const kind of kinds) {
      const nth = this.stmt(NTH_MATCH_SQL[kind]);
      // A prefix of 4+ characters merges every term it starts (per statement): no bm25 for it.
      const dense = termList.map((t) => LONG_PREFIX.test(t) || nth.get(t, DENSE - 1) !== undefined);
      let list = termList;
      if (op === 'OR' && dense.some(Boolean) && !dense.every(Boolean))
        list = termList.filter((_t, i) => !dense[i]);
      const match = list.join(` ${op} `);
      if (list === termList && dense.some(Boolean)) {
        // Snippets marked here too: an FTS snippet would re-run the costly expression.
        const needles = words.map(stemPrefix);
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
      const nth =
        w === Number.POSITIVE_INFINITY
          ? undefined
          : (this.stmt(NTH_MATCH_SQL[kind]).get(match, w - 1) as { id: number } | undefined);
      const minId = nth ? nth.id - 1 : 0;
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
  private substrings(
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

  private list(p: SearchParams, bind: Record<string, unknown>, want: number): Hit[] {
    const rows = this.stmt(listSql(p)).all({ ...bind, k: want, offset: 0 }) as Array<{ id: number }>;
    return rows.map((r) => ({ kind: 'observation', id: r.id, score: 0, match: null, needles: [] }));
  }
}
