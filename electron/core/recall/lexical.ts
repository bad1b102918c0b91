/**
 * The lexical stages of one question (search.ts), each run only while the ones before found fewer
 * than FEW hits: a path literally, every word, the last word as a prefix, typo corrections, fewer
 * words (the most common dropped first), any word (OR); then the kind of memory the question asks
 * for, what followed the memory it names, and substrings.
 */
import type Database from 'better-sqlite3';
import { hasCjk } from '../db/identifiers.js';
import type { Intent } from './intent.js';
import { alternativesOf } from './lexicon.js';
import type { Hit } from './page.js';
import { term } from './query.js';
import type { Question, Reranker } from './rerank.js';
import { NEIGHBOURS_SQL, type Filters, type Kind } from './search-sql.js';
import { DENSE, type Stages } from './stages.js';
import type { TypoCorrector } from './typo.js';

/** One search's state while its stages run. */
export interface RankRun {
  p: Filters;
  /** Candidates per stage (whole blocks of search.ts's PAGE_BLOCK). */
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

/** Fewer hits than this and the next, looser stage runs. */
const FEW = 5;
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
/** A question that is a path or identifier fragment (no spaces, `/._-` inside). */
const PATHISH = /^\S*[\p{L}\p{N}][/._-][\p{L}\p{N}]\S*$/u;

export class LexicalStages {
  constructor(
    private readonly stmt: (sql: string) => Database.Statement,
    private readonly stages: Stages,
    private readonly typo: TypoCorrector,
  ) {}

  /**
   * The stages of a question, each only while fewer than FEW hits were found (a path literally,
   * all words, the last word as a prefix, typo corrections, fewer words, any word), then the kind
   * of memory it asks for, what followed the memory it names, and substrings.
   */
  run(run: RankRun): void {
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

  /** In how many observations a word or one of its alternatives occurs (the most of them), to DENSE. */
  private frequency(word: string): number {
    if (hasCjk(word)) return this.typo.frequencyOf(term(word, false), DENSE);
    return Math.max(...[word, ...alternativesOf(word)].map((w) => this.typo.frequency(w, DENSE)));
  }
}
