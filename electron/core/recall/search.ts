/**
 * Search across observations, session summaries and prompts.
 *
 * Stages (lexical.ts), each run only when the ones before found fewer than FEW hits:
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
import { DataVersion } from './data-version.js';
import { renderPage, type Hit, type SearchItem, type Shape } from './page.js';
import { preferOwn } from './prefer.js';
import { inferProject, ProjectSizes } from './infer-project.js';
import { namedProject, namesProject } from './named-project.js';
import { inLatestSession, type LatestSession } from './latest-session.js';
import { inPeriod, type Period } from './period.js';
import { focusSession } from './session-focus.js';
import { firstAskFirst } from './describe.js';
import { asksNewest, newestFirst, withoutNewest } from './newest.js';
import { WordSessions } from './word-sessions.js';
import { asksFindings, readQuestion, withoutRequest } from './intent.js';
import { parseQuery } from './query.js';
import { stemsOf, withAlternatives } from './lexicon.js';
import { LexicalStages, type RankRun } from './lexical.js';
import { literalFirst, literalPhrase } from './literal.js';
import { fileFirst, namedFiles } from './named-file.js';
import { Reranker, type Question } from './rerank.js';
import { spreadSessions } from './spread.js';
import type { Filters, Kind } from './search-sql.js';
import { Stages } from './stages.js';
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

export interface SearchResult {
  items: SearchItem[];
  /** The results shown through this page (the next page's `shown`), or null after the last page. */
  next: HitKey[] | null;
  /** Words replaced by typo correction (typed → index term). */
  corrected: Record<string, string>;
  /** The question's words no memory holds, when the results are what the rest of it asks for. */
  unmatched?: string[];
  /** The project the question names (named-project.ts): the search was confined to it. */
  named?: string;
  /** The session a "last time" question was kept to (latest-session.ts). */
  lastSession?: LatestSession;
  /** The span of days the question names ("yesterday", "last week"): the search was kept to it (period.ts). */
  period?: Period;
}

/** Words of a query that take part in matching (after stop and frame words are set aside). */
const MAX_WORDS = 12;

export const MAX_SHOWN = SEARCH_LIMITS.shown;
/** Rows a stage fetches come in multiples of this (see `rank`). */
const PAGE_BLOCK = 50;

export class SearchEngine {
  private readonly stmts = new Map<string, Database.Statement>();
  private readonly stages: Stages;
  private readonly sizes = new ProjectSizes();
  private readonly where: WordSessions;
  private readonly lexical: LexicalStages;
  private readonly typo: TypoCorrector;
  private readonly version: DataVersion;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: () => number,
  ) {
    this.version = new DataVersion(sqlite);
    this.stages = new Stages((sql) => this.stmt(sql));
    this.where = new WordSessions((sql) => this.stmt(sql));
    this.typo = new TypoCorrector(sqlite);
    this.lexical = new LexicalStages((sql) => this.stmt(sql), this.stages, this.typo);
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
    const changed = this.version.changed();
    this.stages.begin(changed);
    this.where.begin(changed);
    p = { ...p, q: withoutRequest(p.q) };
    // A question that names its project is a search of that project.
    const named = p.project === undefined ? this.named(p.q) : undefined;
    if (named !== undefined) p = { ...p, project: named };
    const latest = inLatestSession((sql) => this.stmt(sql), p);
    // A span of days the question names ("yesterday", 上周), unless it asked about the last session.
    const days = latest.session === undefined ? inPeriod(latest.p, this.clock()) : { p: latest.p };
    p = days.p;
    // "The last commit": the newest of what the rest of the question finds (newest.ts).
    const newest = latest.session === undefined && asksNewest(p.q);
    if (newest) p = { ...p, q: withoutNewest(p.q) };
    // What the search was confined to, said with every page of it.
    const told = {
      ...(named !== undefined ? { named } : {}),
      ...(latest.session !== undefined ? { lastSession: latest.session } : {}),
      ...(days.period !== undefined ? { period: days.period } : {}),
    };
    // The last session or a span of days, asked about: with no other words, its story.
    const story = latest.session !== undefined || days.period !== undefined;
    let all = this.rank(p, near, story);
    // Words the latest session (or the span) does not hold ("做了什么"): listed as with no words.
    if (story && p.q !== '' && all.hits.length === 0) {
      p = { ...p, q: '' };
      all = this.rank(p, near, story);
    }
    const telling = this.telling(all.words);
    const prefer = p.project === undefined ? (p.prefer ?? this.inferred(telling)) : undefined;
    const own = prefer !== undefined ? this.rank({ ...p, project: prefer }, near) : null;
    const hits = this.reordered(p.q, all, own, telling, newest);
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
      ...(all.unmatched !== undefined ? { unmatched: all.unmatched } : {}),
      ...told,
    };
  }

  /**
   * The ranked hits of one search (all pages), its typo corrections and how to shape snippets.
   * `story`: a listing (no words) of the last session or a span of days leads with its turns.
   */
  private rank(
    asked: SearchParams,
    near: Near[] | null,
    story = false,
  ): {
    hits: Hit[];
    corrected: Record<string, string>;
    unmatched?: string[];
    shape: Shape;
    words: string[];
    spans: boolean;
    typed: boolean;
    describes: boolean;
  } {
    const p = { ...asked, recaps: asked.kinds?.includes('summary') ?? false };
    // Candidates in blocks of PAGE_BLOCK: the pages of one block rank the same rows, so paging
    // through them neither repeats nor skips a hit (recency reorders the best `want` of a stage).
    const want =
      Math.ceil((Math.min(p.shown?.length ?? 0, MAX_SHOWN) + p.limit + 1) / PAGE_BLOCK) * PAGE_BLOCK;
    const kinds = this.kindsFor(p);
    const bind = this.binds(p);
    // Chinese words read by joining a lone character with a function word (cjk.ts).
    const joined = new Set<string>();
    const known = (w: string): boolean => this.typo.isKnown(w) && joined.add(w).size > 0;
    const { tokens, raw } = parseQuery(p.q, known);
    const scope =
      p.project !== undefined && namesProject(raw, p.project)
        ? new Set(parseQuery(p.project).tokens)
        : undefined;
    const question = joinedOptional(readQuestion(raw, tokens, scope), joined);
    const words = question.required.slice(0, MAX_WORDS);
    const q: Question = {
      intent: question.intent,
      optional: question.optional,
      weighted: [],
      wants: question.wants,
      artifact: question.artifact,
      howTo: question.howTo,
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
    const turns = story && raw === '' && listsTurns(p, kinds);
    const looked = this.find(run, turns, question.optional);
    const unmatched = looked !== words && found.size > 0;
    const semantic = near && raw !== '' ? filterNear((sql) => this.stmt(sql), near, kinds, p, bind) : [];
    const hits =
      semantic.length > 0 ? fuse(found.hits, semantic, looked.flatMap(stemsOf)) : listed(found, turns);
    // The file a question names is in each result's title: its snippet shows what was done to it.
    const named = new Set(namedFiles(raw).flatMap((f) => parseQuery(f).tokens));
    const about = named.size > 0 ? looked.filter((w) => !named.has(w)) : looked;
    return {
      hits,
      corrected: run.corrected,
      ...(unmatched ? { unmatched: words } : {}),
      words: looked,
      spans: question.spans,
      typed: question.typed,
      describes: question.describes === true,
      shape: {
        intent: named.size > 0 && q.intent === 'file' ? null : q.intent,
        result: question.result,
        wants: question.wants,
        ...stemGroups(q, about),
        core: about.flatMap(withAlternatives),
        ...(named.size > 0 && about.length === 0 ? { named: true } : {}),
        ...(asksFindings(raw) ? { findings: true } : {}),
      },
    };
  }

  /**
   * Fills `run.found`: with no words, a listing (`turns`: a story's turns first); else the lexical
   * stages, and when no memory holds any of the question's words ("the hardest bug"), the stages
   * again with its frame words (`frame`: bugs). Returns the words looked for: not the question's
   * own, the answer says which words no memory holds.
   */
  private find(run: RankRun, turns: boolean, frame: string[]): string[] {
    const { p, bind, want, found, words } = run;
    if (run.raw === '') {
      if (turns) found.add(this.stages.turns(p, bind, want));
      if (run.kinds.includes('observation')) found.add(this.stages.list(p, bind, want));
      return words;
    }
    this.lexical.run(run);
    if (found.size > 0 || frame.length === 0 || words.length === 0) return words;
    const looked = frame.slice(0, MAX_WORDS);
    this.lexical.run({ ...run, words: looked, q: { ...run.q, optional: [] } });
    return looked;
  }

  /**
   * The ranking (`own` project's hits merged in) reordered for what the question says beyond its
   * words: the session it is about, keywords as typed, a file it names, two sessions, the newest.
   */
  private reordered(
    q: string,
    all: {
      hits: Hit[];
      words: string[];
      typed: boolean;
      spans: boolean;
      describes: boolean;
      shape: Shape;
    },
    own: { hits: Hit[] } | null,
    telling: string[],
    newest: boolean,
  ): Hit[] {
    const stmt = (sql: string): Database.Statement => this.stmt(sql);
    const merged = own ? preferOwn(own.hits, all.hits) : all.hits;
    const focused = focusSession(stmt, this.where, merged, telling);
    const typed = all.typed ? this.literal(focused, q, all.words) : focused;
    const files = namedFiles(q);
    const ranked = files.length > 0 ? fileFirst(stmt, typed, files) : typed;
    const spread = all.spans ? spreadSessions(stmt, ranked) : ranked;
    const about = all.describes ? firstAskFirst(stmt, spread) : spread;
    const mine = own ? new Set(own.hits.map(hitKey)) : null;
    return newest ? newestFirst(stmt, about, all.words, mine, all.shape.intent === 'failure') : about;
  }

  /** For a query typed as keywords: the hits holding them as typed first (literal.ts). */
  private literal(hits: Hit[], typed: string, words: string[]): Hit[] {
    const phrase = literalPhrase(typed, words);
    return phrase === null || hits.length < 2 ? hits : literalFirst((sql) => this.stmt(sql), hits, phrase);
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
 * A word read by joining a lone character with a function word (`幂|等` → 幂等) may be a word the
 * question only mentions: beside other words it is a bonus, not a requirement; alone it is what was
 * asked.
 */
function joinedOptional<Q extends { required: string[]; optional: string[] }>(q: Q, joined: Set<string>): Q {
  if (joined.size === 0 || q.required.every((w) => joined.has(w))) return q;
  return {
    ...q,
    required: q.required.filter((w) => !joined.has(w)),
    optional: [...q.optional, ...q.required.filter((w) => joined.has(w))],
  };
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

/** Whether a listing of `p`'s span lists its turns first: a span, any type, observations searched. */
const listsTurns = (p: SearchParams, kinds: Kind[]): boolean =>
  p.type === undefined && p.since !== undefined && p.until !== undefined && kinds.includes('observation');

/** What was found, best first; with `turns`, the turns (episodes) ahead of the rest, newest first. */
function listed(found: Reranker, turns: boolean): Hit[] {
  const hits = found.hits;
  if (!turns) return hits;
  const turn = (h: Hit): boolean => h.kind === 'observation' && found.typeOf(h.id) === 'episode';
  return [...hits.filter(turn), ...hits.filter((h) => !turn(h))];
}
