/**
 * "What was the last commit?", "the latest error", "when did we last run the tests?": the question
 * asks for the newest of the memories that match the rest of it. The words that say so are taken
 * out (in memories they only match `last` in code, and they steered the project guessed), and of
 * the best hits, the ones about as good as the best come newest first.
 *
 * "The last line of the output" names a place, not a time; "last time" and a question ending in
 * "last" ask about the latest session instead (latest-session.ts).
 *
 * A memory whose title or command names what is asked for (`git commit` for "the last commit")
 * comes before one that only mentions it in what it printed (a `git status` saying "nothing to
 * commit", a minute later).
 */
import type Database from 'better-sqlite3';
import type { Hit } from './page.js';
import { hitKey } from './cursor.js';
import { valuesOf } from './hit-values.js';
import { term } from './query.js';
import { FAILED_CALL, matchAtSql, TIME_SQL } from './search-sql.js';

/** Nouns that "last" places rather than dates: "the last line", "the last step of the script". */
const PLACES =
  'lines?|steps?|columns?|rows?|items?|elements?|entr(?:y|ies)|arguments?|args?|parts?|words?|' +
  'characters?|chars?|bytes?|digits?|pages?|fields?|letters?|sections?|paragraphs?|stages?|few|one|two|three';
/**
 * "The last commit", "our latest release", "latest error" typed alone, "the last thing we did in
 * …"; not "last time", "the last line", nor a verb ("when it was last checked", "newest first").
 */
const WHOSE = '(?:^\\s*|\\b(?:the|our|my|its|their|your) )';
const NEWEST_OF = new RegExp(
  `${WHOSE}(?:last|latest|most recent|newest)\\s+(?:things?\\b|(?!(?:time|session|${PLACES})s?\\b)(?=\\p{L}))`,
  'giu',
);
/** "When did we last run the tests?", "when was it last deployed?" */
const WHEN_LAST = /\b(when (?:did|have|had|was|were) (?:we|i|you|it|they) )last\b/giu;
/** 最后一次提交 (the last commit), 最新的报错 (the latest error). */
const ZH_NEWEST = /最后一次|最新的?/gu;

/** Whether `question` asks for the newest of what it names. */
export function asksNewest(question: string): boolean {
  const q = question.slice(0, 500);
  return [NEWEST_OF, WHEN_LAST, ZH_NEWEST].some((r) => q.search(r) >= 0);
}

/** `question` without the words that ask for the newest. */
export const withoutNewest = (question: string): string =>
  question.replace(NEWEST_OF, ' ').replace(WHEN_LAST, '$1').replace(ZH_NEWEST, ' ');

/** How far down the ranking the newest is looked for … */
const LOOK = 10;
/** … among the hits scoring at least this share of the best one. */
const CLOSE = 0.5;

/** A failed call, a failure or its fix: what "the last error" names, whatever its title says. */
const FAILED_SQL = `SELECT o.id FROM observations o WHERE o.id IN (SELECT value FROM json_each(?))
  AND (${FAILED_CALL('o')} OR o.type = 'bugfix')`;

/**
 * The keys of `hits` that name what is asked for (observations only): for a question about a
 * failure, the failures; else those whose title or command holds every one of `words`.
 */
function naming(
  stmt: (sql: string) => Database.Statement,
  hits: Hit[],
  words: readonly string[],
  failure: boolean,
): Set<string> {
  const ids = hits.filter((h) => h.kind === 'observation').map((h) => h.id);
  if (ids.length === 0 || (words.length === 0 && !failure)) return new Set();
  const found = failure
    ? (stmt(FAILED_SQL).pluck().all(JSON.stringify(ids)) as number[])
    : (stmt(matchAtSql('observation'))
        .pluck()
        .all(
          `{title input} : (${words.map((w) => term(w, false)).join(' AND ')})`,
          JSON.stringify(ids),
        ) as number[]);
  return new Set(found.map((id) => hitKey({ kind: 'observation', id })));
}

/**
 * `hits` (best first) with the best few, as good as the first within CLOSE, newest first: those
 * whose title or command holds all of `words` (the question's) before the rest; for a question
 * about a failure (`failure`: "the last error"), the failures. `own`: the hits of the project the
 * question is asked from (prefer.ts), when it has any: its newest, not another project's, comes first.
 */
export function newestFirst(
  stmt: (sql: string) => Database.Statement,
  hits: Hit[],
  words: readonly string[],
  own: ReadonlySet<string> | null = null,
  failure = false,
): Hit[] {
  if (hits.length < 2) return hits;
  const best = hits[0]!.score;
  const mine = own !== null && own.has(hitKey(hits[0]!)) ? own : null;
  const close = hits
    .slice(0, LOOK)
    .filter((h) => h.score >= best * CLOSE && (mine === null || mine.has(hitKey(h))));
  if (close.length < 2) return hits;
  const time = valuesOf(stmt, close, TIME_SQL);
  const at = (h: Hit): number => time.get(hitKey(h)) ?? 0;
  const named = naming(stmt, close, words, failure);
  const rank = (h: Hit): number => (named.size < close.length && named.has(hitKey(h)) ? 0 : 1);
  const first = [...close].sort((a, b) => rank(a) - rank(b) || at(b) - at(a));
  const moved = new Set(first);
  return [...first, ...hits.filter((h) => !moved.has(h))];
}
