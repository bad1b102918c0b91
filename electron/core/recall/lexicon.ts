/**
 * Words a developer uses for the same thing: a question says "wipe", the memory `truncate`; "sign
 * in", `auth`; "twenty", `20`. Groups of general software-engineering synonyms and abbreviations,
 * a kind of tool and the common tools of that kind (a linter, `clippy`), plus British/American spellings, widen a query word into its group (matched as alternatives,
 * never required together). Number words become digits before the query is read.
 * The groups are general vocabulary, written once; nothing here comes from any question set.
 */

const GROUPS = [
  'auth authentication authenticate authenticated login logon signin sign credentials',
  'delete deleted deleting remove removed removing drop dropped wipe wiped erase purge truncate truncated',
  'crash crashed crashes crashing panic panicked exception traceback segfault abort aborted',
  'config configuration configure configured settings setting conf cfg preferences',
  'database db sqlite postgres postgresql mysql',
  'slow fast speed performance perf latency benchmark bench throughput faster slower',
  'limit limits cap capped max maximum ceiling quota threshold',
  'min minimum floor',
  'timeout timeouts deadline expiry expire expires ttl',
  'retry retries retried backoff',
  'cache cached caching memoize memoise',
  'log logs logging logger',
  'stop stopped kill killed terminate shutdown halt',
  'dependency dependencies deps dep package packages library libraries lib crate crates',
  'docs documentation readme doc',
  'env environment envvar',
  'install installed installing setup',
  'build built compile compiled compiling compilation compiler',
  'format formatting formatter fmt prettier rustfmt gofmt',
  'lint linter linting clippy eslint flake8 ruff pylint shellcheck',
  'ignore ignored gitignore dockerignore',
  'typecheck typechecker typechecking mypy pyright tsc',
  'ui frontend gui interface',
  'server backend daemon',
  'endpoint endpoints route routes handler',
  'password passwords passwd secret secrets',
  'upgrade upgraded update updated bump bumped',
  'revert reverted undo rollback',
  'duplicate duplicated duplicates dedupe dedup dupe',
  'concurrent concurrency parallel threads thread async',
  'memory ram heap rss',
  'hash checksum digest',
  'encrypt encrypted encryption cipher crypto',
  'compress compressed compression gzip zip',
  'schedule scheduled cron timer',
  'notify notification notifications alert alerts',
  'parse parser parsing parsed',
  'validate validation validated verify verified sanity',
  'migrate migration migrations',
  'throttle throttling ratelimit',
  'paginate pagination paging',
  'helper helpers util utils utility utilities wrapper',
  'deploy deployed deployment release released ship publish published',
  'container docker image',
  'flag flags argument arguments arg args param params parameter parameters',
  'function functions fn func method',
  'variable var constant const',
  'message msg',
  'repo repository',
  'implementation impl implement implemented',
  'init initialize initialise initialization initialisation',
  'structure layout',
  'temp tmp temporary',
  'dev development',
  'prod production',
  'request req',
  'response res resp',
  'error err',
  'large big huge oversized',
  'rename renamed',
  'color colour',
  'behavior behaviour',
  'license licence',
  'canceled cancelled cancel',
  'normalize normalise normalized normalised',
  'optimize optimise optimized optimised optimization optimisation',
  'serialize serialise serialized serialised serialization',
  'organize organise',
  'analyze analyse analyzed analysed',
  'example examples sample samples demo',
  'gc garbage',
  'permission permissions perms chmod umask',
  'shell sh bash zsh',
  'directory directories dir dirs folder folders',
  'address addr',
  'number num',
  'version ver',
  'command cmd',
  'string str',
  'integer int',
  'boolean bool',
  'object obj',
  'reference ref refs',
  'source src',
  'executable binary bin',
  'index idx',
  'allocation allocations alloc allocs malloc',
  'statistics stats',
  'information info',
  'specification spec',
  'synchronize synchronise sync',
  'administrator admin',
  'application app',
  'previous prev',
];

const NUMBERS: Record<string, number> = {
  zero: 0,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000 };
const MAX_ALTERNATIVES = 8;

/** A crude stem: inflections the FTS index's porter stemmer already joins count once. */
const crude = (w: string): string => w.replace(/(?:ations?|ions?|ing|ed|es|e|s)$/, '');

const byWord = new Map<string, string[]>();
for (const g of GROUPS) {
  const words = g.split(' ');
  for (const w of words) {
    const seen = new Set([crude(w)]);
    const others: string[] = [];
    for (const o of [...(byWord.get(w) ?? []), ...words]) {
      if (seen.has(crude(o))) continue;
      seen.add(crude(o));
      others.push(o);
    }
    byWord.set(w, others.slice(0, MAX_ALTERNATIVES));
  }
}
for (const [w, n] of Object.entries(NUMBERS)) byWord.set(w, [String(n)]);
// A scale word alone ("the million checks"): its value, and as program output shortens it.
const SCALE_SHORT: Record<string, string> = { thousand: '1k', million: '1m' };
for (const [w, n] of Object.entries(SCALES))
  byWord.set(w, [String(n), ...(SCALE_SHORT[w] !== undefined ? [SCALE_SHORT[w]] : [])]);

/**
 * Two-word names that are also written as one (`command line`, `cli`): the pair is read as one
 * query word, matched as the phrase or as any of its other spellings (whole words, so `pr` never
 * finds `print`).
 */
const PHRASES: Array<[RegExp, string, string[]]> = [
  [/\bcommand[\s-]+lines?\b/gi, 'commandline', ['command line', 'cli']],
  [/\brelease[\s-]+notes?\b/gi, 'releasenotes', ['release notes', 'changelog']],
  [/\bpull[\s-]+requests?\b/gi, 'pullrequest', ['pull request', 'pr']],
  [/\bstack[\s-]*traces?\b/gi, 'stacktrace', ['stack trace', 'traceback', 'backtrace']],
  [/\bend[\s-]+to[\s-]+end\b/gi, 'endtoend', ['end to end', 'e2e']],
  [/\bcontinuous[\s-]+integration\b/gi, 'continuousintegration', ['continuous integration', 'ci']],
];
for (const [, word, spellings] of PHRASES) byWord.set(word, spellings);

/** The two-word names of PHRASES as their one query word (`command line` → `commandline`). */
export function phrasesAsWords(text: string): string {
  return PHRASES.reduce((t, [re, word]) => t.replace(re, word), text);
}

/** Other words for the same thing (lower-case), or none. */
export function alternativesOf(word: string): string[] {
  return byWord.get(word) ?? [];
}

/** What a word's inflections share (`refreshing`, `refreshed` → `refresh`), for matching in JS. */
export const stemPrefix = (w: string): string => w.slice(0, Math.max(3, w.length - 3));

/**
 * The stems a text may hold for a word: its own and its alternatives' of four or more letters
 * (`db` or `fn` would be found inside any word).
 */
export function stemsOf(word: string): string[] {
  return [...new Set([word, ...alternativesOf(word).filter((a) => a.length >= 4)].map(stemPrefix))];
}

/** A two-word spelling as its words, which a text may join otherwise (`pull_request`). */
const wordsOfPhrase = (a: string): string[] => a.split(' ');

/**
 * A word, then its alternatives: what a snippet looks for. A short one (`gc`, `db`) is looked for
 * as a word of its own (passages.ts `stemAt`).
 */
export function withAlternatives(word: string): string[] {
  return [
    word,
    ...alternativesOf(word)
      .flatMap(wordsOfPhrase)
      .filter((a) => a.length >= 2),
  ];
}

const NUMBER_RUN = new RegExp(
  `\\b(?:(?:${[...Object.keys(NUMBERS), 'one', 'a', ...Object.keys(SCALES)].join('|')})(?:[\\s-]+(?:and[\\s]+)?|\\b)){2,}`,
  'gi',
);

type Last = 'none' | 'a' | 'unit' | 'teen' | 'ten' | 'hundred' | 'scale';

/** The next state of `valueOf`, or null when `w` cannot follow `last` in a number. */
function step(
  st: { total: number; part: number; last: Last },
  w: string,
): { total: number; part: number; last: Last } | null {
  const { total, part, last } = st;
  const after = (ok: Last[]): boolean => ok.includes(last);
  if (w === 'a') return last === 'none' ? { total, part: 1, last: 'a' } : null;
  if (w in SCALES) {
    if (!after(['a', 'unit', 'teen', 'ten', 'hundred', 'none'])) return null;
    if (w === 'hundred')
      return after(['a', 'unit', 'none']) ? { total, part: (part || 1) * 100, last: 'hundred' } : null;
    return { total: total + (part || 1) * SCALES[w]!, part: 0, last: 'scale' };
  }
  const v = numberWord(w);
  if (v === undefined) return null;
  const kind: Last = v < 10 ? 'unit' : v < 20 ? 'teen' : 'ten';
  const ok: Last[] = kind === 'unit' ? ['none', 'ten', 'hundred', 'scale'] : ['none', 'hundred', 'scale'];
  return after(ok) ? { total, part: part + v, last: kind } : null;
}

/** The value of one number word below a hundred (`one`, `twelve`, `forty`), lower-case. */
export const numberWord = (w: string): number | undefined => (w === 'one' ? 1 : NUMBERS[w]);

/** The value of a run of number words (`two hundred fifty`), or null when it is not one number. */
function valueOf(run: string): number | null {
  let st: { total: number; part: number; last: Last } | null = { total: 0, part: 0, last: 'none' };
  for (const w of run.toLowerCase().split(/[\s-]+/)) {
    if (w === '' || w === 'and') continue;
    st = step(st, w);
    if (st === null) return null;
  }
  return st.last === 'a' || st.last === 'none' ? null : st.total + st.part;
}

/** Runs of two or more number words written as digits (`two hundred` → `200`). */
export function numbersAsDigits(text: string): string {
  return text.replace(NUMBER_RUN, (run) => {
    const trailing = /[\s-]+$/.exec(run)?.[0] ?? '';
    const v = valueOf(run.slice(0, run.length - trailing.length));
    return v === null ? run : `${v}${trailing}`;
  });
}
