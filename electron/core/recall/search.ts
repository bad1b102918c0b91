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
import { SEARCH_LIMITS } from '../../shared/contract/search.js';
import { hitKey, type HitKey } from './cursor.js';
import { renderPage, type Hit, type SearchItem, type Shape } from './page.js';
import { preferOwn } from './prefer.js';
import { inferProject, ProjectSizes } from './infer-project.js';
import { namedProject, namesProject } from './named-project.js';
import { inLatestSession, type LatestSession } from './latest-session.js';
import { focusSession } from './session-focus.js';
import { WordSessions } from './word-sessions.js';
import { readQuestion, type Intent } from './intent.js';
import { parseQuery, term } from './query.js';
import { hasCjk } from '../db/identifiers.js';
import { alternativesOf, stemsOf, withAlternatives } from './lexicon.js';
import { Reranker, type Question } from './rerank.js';
import { spreadSessions } from './spread.js';
import { NEIGHBOURS_SQL, type Filters, type Kind } from './search-sql.js';
import { DENSE, Stages } from './stages.js';
import { TypoCorrector } from './typo.js';
import { filterNear, fuse } from './vectors/fuse.js';
import type { Near } from './vectors/store.js';

export interface SearchParams extends Filters {
  q: string;
  /**
   * The project the question is asked from (the MCP server's: Claude's cwd), when no `project`
   * filter is given: that project's memories are also searched on their own and come first, other
   * projects' below (prefer.ts).
   */
  prefer?: string | undefined;
  kinds?: Kind[] | undefined;
  limit: number;
  /** The results the list has shown (cursor.ts): the page is the best `limit` of the others. */
  shown?: readonly HitKey[] | undefined;
}

/** One search's state while its stages run. */
interface RankRun {
  p: SearchParams & { recaps: boolean };
  /** Candidates per stage (whole blocks of PAGE_BLOCK). */
  want: number;
  kinds: Kind[];
  bind: Record<string, unknown>;
  raw: string;
  /** The question's words that take part in matching. */
  words: string[];
  intent: Question['intent'];
  q: Question;
  found: Reranker;
  /** Words replaced by typo correction (typed → index term). */
  corrected: Record<string, string>;
  /** Word frequencies, counted once a search (`weigh`). */
  df?: Map<string, number>;
}

export interface SearchResult {
  items: SearchItem[];
  /** The results shown through this page (the next page's `shown`), or null after the last page. */
  next: HitKey[] | null;
  /** Words replaced by typo correction (typed → index term). */
  corrected: Record<string, string>;
  /** The project the question names (named-project.ts): the search was confined to it. */
  named?: string;
  /** The session a "last time" question was kept to (latest-session.ts). */
  lastSession?: LatestSession;
}

/** Fewer hits than this and the next, looser stage runs. */
const FEW = 5;
/** Words of a query that take part in matching (after stop and frame words are set aside). */
const MAX_WORDS = 12;
/** "after X" / "before X" in a question, and how many memories around X it brings. */
const ORDER_WORDS = /\b(after|next|following|then|before|preceded|earlier|previous)\b/;
const NEIGHBOURS = 3;
/** Relaxed AND stages at most (then any word, OR): bounds the work of a long question. */
const MAX_RELAX = 4;
/**
 * The memories that answer a question of each intent, as observation types and as an FTS
 * expression that finds them (synthetic tool names `memtray:decision`, …; failed calls' titles),
 * searched for when no such memory was found yet.
 */
const INTENT_TYPES: Record<Intent, { types: string[]; match: string } | null> = {
  decision: { types: ['decision', 'episode'], match: 'tool_name : "decision" OR tool_name : "episode"' },
  failure: { types: ['bugfix', 'failure'], match: 'tool_name : "bugfix" OR title : "failed"' },
  order: { types: ['episode'], match: 'tool_name : "episode"' },
  ask: { types: ['episode'], match: 'tool_name : "episode"' },
  file: null,
  command: null,
};

export const MAX_SHOWN = SEARCH_LIMITS.shown;
/** Rows a stage fetches come in multiples of this (see `rank`). */
const PAGE_BLOCK = 50;
const PATHISH = /^\S*[\p{L}\p{N}][/._-][\p{L}\p{N}]\S*$/u;

export class SearchEngine {
  private readonly stmts = new Map<string, Database.Statement>();
  private readonly typo: TypoCorrector;
  private readonly stages: Stages;
  private readonly sizes = new ProjectSizes();
  private readonly where: WordSessions;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: () => number,
  ) {
    this.typo = new TypoCorrector(sqlite);
    this.stages = new Stages((sql) => this.stmt(sql));
    this.where = new WordSessions((sql) => this.stmt(sql));
  }

  private stmt(sql: string): Database.Statement {
    let s = this.stmts.get(sql);
    if (!s) {
      s = this.sqlite.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }

  /**
   * `near`: the query's nearest vectors (hybrid search, vectors/hybrid.ts), fused with the lexical
   * ranking; null (embeddings off) leaves the lexical search exactly as it is.
   */
  search(p: SearchParams, near: Near[] | null = null): SearchResult {
    this.stages.begin();
    this.where.begin();
    // A question that names its project is a search of that project.
    const named = p.project === undefined ? this.named(p.q) : undefined;
    if (named !== undefined) p = { ...p, project: named };
    const latest = inLatestSession((sql) => this.stmt(sql), p);
    p = latest.p;
    // What the search was confined to, said with every page of it.
    const told = {
      ...(named !== undefined ? { named } : {}),
      ...(latest.session !== undefined ? { lastSession: latest.session } : {}),
    };
    const all = this.rank(p, near);
    // Words the latest session does not hold ("做了什么"): its newest memories, as for no words.
    if (latest.session !== undefined && p.q !== '' && all.hits.length === 0)
      return { ...this.search({ ...p, q: '' }, near), ...told };
    const telling = this.telling(all.words);
    const prefer = p.project === undefined ? (p.prefer ?? this.inferred(telling)) : undefined;
    const own = prefer !== undefined ? this.rank({ ...p, project: prefer }, near) : null;
    const merged = own ? preferOwn(own.hits, all.hits) : all.hits;
    const ranked = focusSession((sql) => this.stmt(sql), this.where, merged, telling);
    const hits = all.spans ? spreadSessions((sql) => this.stmt(sql), ranked) : ranked;
    // The page is the ranking minus what the list has shown: no keyset can resume a ranking whose
    // scores move between pages (cursor.ts).
    const shown = p.shown ?? [];
    const seen = new Set(shown.map(hitKey));
    const rest = hits.filter((h) => !seen.has(hitKey(h)));
    const page = rest.slice(0, p.limit);
    const through = [...shown, ...page.map(({ kind, id }) => ({ kind, id }))];
    return {
      items: renderPage((sql) => this.stmt(sql), page, all.shape),
      next: rest.length > p.limit && through.length <= MAX_SHOWN ? through : null,
      corrected: { ...own?.corrected, ...all.corrected },
      ...told,
    };
  }

  /** The ranked hits of one search (all pages), its typo corrections and how to shape snippets. */
  private rank(
    asked: SearchParams,
    near: Near[] | null,
  ): { hits: Hit[]; corrected: Record<string, string>; shape: Shape; words: string[]; spans: boolean } {
    const p = { ...asked, recaps: asked.kinds?.includes('summary') ?? false };
    // Candidates in blocks of PAGE_BLOCK: the pages of one block rank the same rows, so paging
    // through them neither repeats nor skips a hit (recency reorders the best `want` of a stage).
    const want =
      Math.ceil((Math.min(p.shown?.length ?? 0, MAX_SHOWN) + p.limit + 1) / PAGE_BLOCK) * PAGE_BLOCK;
    const kinds = this.kindsFor(p);
    const bind = this.binds(p);
    const { tokens, raw } = parseQuery(p.q);
    const scope =
      p.project !== undefined && namesProject(raw, p.project)
        ? new Set(parseQuery(p.project).tokens)
        : undefined;
    const question = readQuestion(raw, tokens, scope);
    const words = question.required.slice(0, MAX_WORDS);
    const q: Question = {
      intent: question.intent,
      optional: question.optional,
      weighted: [],
      wants: question.wants,
      artifact: question.artifact,
    };
    const found = new Reranker((sql) => this.stmt(sql), q);
    const run: RankRun = {
      p,
      want,
      kinds,
      bind,
      raw,
      words,
      intent: question.intent,
      q,
      found,
      corrected: {},
    };
    if (raw === '') {
      if (kinds.includes('observation')) found.add(this.stages.list(p, bind, want));
    } else this.lexicalStages(run);
    const semantic = near && raw !== '' ? filterNear((sql) => this.stmt(sql), near, kinds, p, bind) : [];
    const hits = semantic.length > 0 ? fuse(found.hits, semantic, words.flatMap(stemsOf)) : found.hits;
    return {
      hits,
      corrected: run.corrected,
      words,
      spans: question.spans,
      shape: {
        intent: q.intent,
        result: question.result,
        wants: question.wants,
        ...stemGroups(q, words),
        core: words.flatMap(withAlternatives),
      },
    };
  }

  /**
   * The stages of a question, each only while fewer than FEW hits were found (a path literally,
   * all words, the last word as a prefix, typo corrections, fewer words, any word), then the kind
   * of memory it asks for, what followed the memory it names, and substrings.
   */
  private lexicalStages(run: RankRun): void {
    const { raw, words, kinds, found } = run;
    // A path or identifier fragment (`auth/refresh-cli`, `parse_config`) is meant literally.
    const pathish = PATHISH.test(raw) && kinds.includes('observation');
    if (pathish) found.add(this.stages.substrings([raw], run.p, run.bind, run.want, ['paths']));
    if (words.length > 0 && !(pathish && found.size >= FEW)) found.add(this.ranked(run, words, false, 'AND'));
    // Type-ahead: the last word may be unfinished (earlier words are taken as typed); a word
    // already in DENSE rows is taken as finished (expanding it would merge huge doclists).
    const last = words[words.length - 1];
    if (
      found.size < FEW &&
      last !== undefined &&
      last.length >= 2 &&
      !this.stages.isDense('observation', last)
    )
      found.add(
        this.ranked(
          run,
          words,
          words.map((_t, i) => i === words.length - 1),
          'AND',
        ),
      );
    if (found.size < FEW && words.length > 0) this.correctedAndRelaxed(run);
    this.intentStage(run);
    this.orderStage(run);
    if (found.size < FEW && kinds.includes('observation')) {
      const subs = words.length > 0 ? words.filter((t) => t.length >= 3) : [raw];
      if (subs.length > 0 && subs.every((s) => [...s].length >= 3))
        found.add(this.stages.substrings(subs, run.p, run.bind, run.want), 0.5);
    }
  }

  private ranked(run: RankRun, ws: string[], prefix: boolean | boolean[], op: 'AND' | 'OR'): Hit[] {
    return this.stages.ranked(ws, prefix, op, {
      kinds: run.kinds,
      filters: run.p,
      bind: run.bind,
      want: run.want,
    });
  }

  /** Typo corrections; then coverage first: fewer words, the most common dropped first; then any word. */
  private correctedAndRelaxed(run: RankRun): void {
    const { words, found, corrected } = run;
    const fixed = words.map((t) => {
      if (hasCjk(t) || this.typo.isKnown(t) || alternativesOf(t).some((a) => this.typo.isKnown(a))) return t;
      const c = this.typo.correct(t);
      if (c) corrected[t] = c;
      return c ?? t;
    });
    if (Object.keys(corrected).length > 0)
      found.add(
        this.ranked(
          run,
          fixed,
          fixed.map((w, i) => w === words[i]),
          'AND',
        ),
      );
    if (found.size >= FEW || fixed.length <= 1) return;
    // Drop the most common words one at a time (words in no row first), so hits holding more of
    // the query's rare words come before those holding fewer.
    const df = this.weigh(run, fixed);
    const byRarity = fixed.filter((w) => df.get(w)! > 0).sort((a, b) => df.get(a)! - df.get(b)!);
    const top = Math.min(byRarity.length, fixed.length - 1);
    for (let n = top; n >= Math.max(1, top - MAX_RELAX + 1) && found.size < FEW; n--) {
      const some = byRarity.slice(0, n);
      found.add(this.ranked(run, some, false, 'AND'), found.share(some));
    }
    if (found.size < FEW) found.add(this.ranked(run, fixed, false, 'OR'), 'each');
  }

  /**
   * Word weights (idf-like, from frequencies counted up to DENSE), for coverage scores; counted
   * once a search. A word this search already found dense counts DENSE (the count stops there anyway).
   */
  private weigh(run: RankRun, ws: string[]): Map<string, number> {
    run.df ??= new Map(
      ws.map((w) => [w, this.stages.knownDense('observation', w) ? DENSE : this.frequency(w)]),
    );
    const d = run.df;
    run.q.weighted = ws.map((w) => ({ word: w, weight: Math.log(1 + DENSE / (1 + (d.get(w) ?? 0))) }));
    return d;
  }

  /** The kind of memory the question asks for ("why…": decisions), when none was found yet. */
  private intentStage(run: RankRun): void {
    const { words, found, p } = run;
    const wanted = run.intent ? INTENT_TYPES[run.intent] : null;
    if (!wanted || words.length === 0 || !run.kinds.includes('observation') || p.type !== undefined) return;
    if (found.has(wanted.types)) return;
    if (run.q.weighted.length === 0) this.weigh(run, words);
    found.add(this.stages.newestOf(words, wanted.match, p, run.bind, run.want), 'each');
  }

  /** "What did we do after X?": X is the best hit; what followed it in its session comes next. */
  private orderStage(run: RankRun): void {
    const { found } = run;
    const dir = run.intent === 'order' ? ORDER_WORDS.exec(run.raw.toLowerCase())?.[1] : undefined;
    const anchor = dir && run.kinds.includes('observation') ? found.best() : null;
    if (!anchor || !dir) return;
    const back = /^(?:before|preceded|earlier|previous)/.test(dir);
    const episode = found.typeOf(anchor.id) === 'episode';
    const way = episode ? (back ? 'beforeEpisode' : 'afterEpisode') : back ? 'before' : 'after';
    const ids = this.stmt(NEIGHBOURS_SQL[way]).pluck().all(anchor.id, NEIGHBOURS) as number[];
    found.placeAfter(
      anchor,
      ids.map((id) => ({ kind: 'observation', id, score: 0, match: null, needles: [] })),
    );
  }

  /**
   * The project the question describes, when it clearly names one in its own words
   * (infer-project.ts); `telling`: the question's words as `rank` read them, dense ones left out.
   */
  private inferred(telling: string[]): string | undefined {
    return inferProject((sql) => this.stmt(sql), this.sizes, this.where, telling) ?? undefined;
  }

  /** The project the question names outright ("where did we leave off in kucun"), named-project.ts. */
  private named(q: string): string | undefined {
    return (
      namedProject(
        (sql) => this.stmt(sql),
        q,
        (w) => this.where.of(w),
      ) ?? undefined
    );
  }

  /** A word in thousands of rows says little of a project or a session and costs the most to count. */
  private telling(words: string[]): string[] {
    return words.filter((w) => !this.stages.isDense('observation', w));
  }

  /** In how many observations a word or one of its alternatives occurs (the most of them), to DENSE. */
  private frequency(word: string): number {
    if (hasCjk(word)) return this.typo.frequencyOf(term(word, false), DENSE);
    return Math.max(...[word, ...alternativesOf(word)].map((w) => this.typo.frequency(w, DENSE)));
  }

  private kindsFor(p: SearchParams): Kind[] {
    let kinds: Kind[] = p.kinds ?? ['observation', 'summary', 'prompt'];
    if (p.type !== undefined || p.file !== undefined) kinds = kinds.filter((k) => k === 'observation');
    return kinds;
  }

  private binds(f: Filters): Record<string, unknown> {
    const b: Record<string, unknown> = { now: this.clock() };
    if (f.project !== undefined) b.project = f.project;
    if (f.agent !== undefined) b.agent = f.agent;
    if (f.type !== undefined) b.type = f.type;
    if (f.since !== undefined) b.since = f.since;
    if (f.until !== undefined) b.until = f.until;
    if (f.file !== undefined) {
      b.fileLike = `%${f.file}%`;
      b.fileLower = f.file.toLowerCase();
    }
    return b;
  }
}

/**
 * The question's words, rarest first and its frame words last ("rejected", "refused" choose the
 * passage that says so), each with its alternatives: as one list and as a group per word.
 */
function stemGroups(q: Question, words: string[]): { stems: string[]; groups: string[][] } {
  const order =
    q.weighted.length > 0 ? [...q.weighted].sort((a, b) => b.weight - a.weight).map((w) => w.word) : words;
  const groups = order.concat(q.optional).map(withAlternatives);
  return { stems: groups.flat(), groups };
}
