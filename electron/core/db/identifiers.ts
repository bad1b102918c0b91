/**
 * Identifier splitting shared by the index and the query side. FTS5's unicode61 tokenizer already
 * splits `snake_case`, `kebab-case`, paths and dotted names, but keeps `TranscriptComputers` or
 * `HTTPServer` as one token. `identifierParts` finds such camelCase words and returns their parts,
 * lower-cased; `splitIdentifiers` is registered as the SQL function `memtray_idsplit` on every
 * connection (`registerFunctions` in db/open.ts; the maintenance worker too) and feeds the extra `idents` column of the observation index.
 */
import type Database from 'better-sqlite3';

/** An inner lower→upper or UPPER→Upper-lower boundary: what makes a run of letters camelCase. */
const CAMEL = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
const WORD_CHAR = /^[\p{L}\p{N}]$/u;
/** ASCII letters and digits: 1 lower-case or digit, 2 upper-case (0: not part of a word). */
const ASCII = new Uint8Array(128);
for (let c = 48; c <= 57; c++) ASCII[c] = 1;
for (let c = 97; c <= 122; c++) ASCII[c] = 1;
for (let c = 65; c <= 90; c++) ASCII[c] = 2;
const BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
/** Input read per row, and words emitted per row (bounded work on any text). */
const MAX_INPUT = 20_000;
const MAX_WORDS = 400;

/** Parts of one identifier at most; more, or a part of one letter, is an id or hash, not words. */
const MAX_PARTS = 6;

/**
 * The lower-cased parts of a camelCase word (`TranscriptComputers` → transcript, computers), or []
 * for anything else: words with digits (`toolu_016N9xYb…`, `v2Api`), parts of one letter, more
 * than MAX_PARTS parts. The index must keep splitting exactly as it did when a row was indexed
 * (FTS5 deletes re-tokenize the old text): changing this function needs a migration that
 * refills observations_fts.
 */
export function identifierParts(word: string): string[] {
  if (word.length > 100 || !/^\p{L}+$/u.test(word)) return [];
  const parts = word
    .split(BOUNDARY)
    .map((p) => p.toLowerCase())
    .filter((p) => p.length > 0);
  if (parts.length < 2 || parts.length > MAX_PARTS || parts.some((p) => p.length < 2)) return [];
  return parts;
}

/**
 * Each run of letters and digits (`[\p{L}\p{N}]+`) that may be camelCase (has an upper-case or
 * non-ASCII letter), in order, until `visit` returns false. A character scan: one expression
 * `[\p{L}\p{N}]*(?:camel)[\p{L}\p{N}]*` matched the same runs but retried every start inside
 * each lower-case word (quadratic in its length), ~3× the cost on real tool payloads.
 */
function camelRuns(s: string, visit: (run: string) => boolean): void {
  const n = s.length;
  let i = 0;
  while (i < n) {
    let start = -1;
    let upper = false;
    while (i < n) {
      const c = s.charCodeAt(i);
      let kind: number;
      let len = 1;
      if (c < 128) kind = ASCII[c]!;
      else {
        const cp = s.codePointAt(i)!;
        len = cp > 0xffff ? 2 : 1;
        kind = WORD_CHAR.test(String.fromCodePoint(cp)) ? 2 : 0;
      }
      if (kind === 0) {
        if (start >= 0) break;
        i += len;
        continue;
      }
      if (start < 0) start = i;
      if (kind === 2) upper = true;
      i += len;
    }
    if (start >= 0 && upper) {
      const run = s.slice(start, i);
      if (CAMEL.test(run) && !visit(run)) return;
    }
  }
}

/** The camelCase parts of `text` (bounded), each distinct identifier once. */
function camelParts(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  camelRuns(text.slice(0, MAX_INPUT), (run) => {
    if (seen.has(run)) return true;
    seen.add(run);
    out.push(...identifierParts(run));
    return out.length < MAX_WORDS;
  });
  return out.slice(0, MAX_WORDS);
}

/** Scripts written without spaces between words. */
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
const CJK_RUNS = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]+/gu;

export const hasCjk = (s: string): boolean => CJK.test(s);

/**
 * A run of Chinese or Japanese characters as overlapping pairs (`登录超时` → 登录 录超 超时; one
 * character stays itself): unicode61 keeps such a run as one token, so without them no word
 * inside it can be found. Pairs, not a dictionary: deterministic whatever ICU a host carries, as
 * FTS5's deletes require; the query side asks for a word as the phrase of its pairs.
 */
export function cjkBigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((c, i) => chars[i]! + c);
}

/** Every Chinese/Japanese run of `text` (bounded) as its pairs, in order. */
function cjkWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.slice(0, MAX_INPUT).matchAll(CJK_RUNS)) {
    out.push(...cjkBigrams(m[0]));
    if (out.length >= MAX_WORDS) break;
  }
  return out.slice(0, MAX_WORDS);
}

/**
 * The extra words the observation index holds for `text`, space-separated (null when none): the
 * parts of every camelCase identifier, each distinct identifier once, then the character pairs of
 * every Chinese/Japanese run. Deterministic: the same text always gives the same words, as FTS5's
 * external-content deletes require.
 */
export function splitIdentifiers(text: unknown): string | null {
  if (typeof text !== 'string' || text === '') return null;
  const out = [...camelParts(text), ...(hasCjk(text) ? cjkWords(text) : [])];
  return out.length > 0 ? out.join(' ') : null;
}

/** `splitIdentifiers` without the character pairs: what rows were indexed with before them. */
export function splitCamelOnly(text: unknown): string | null {
  if (typeof text !== 'string' || text === '') return null;
  const out = camelParts(text);
  return out.length > 0 ? out.join(' ') : null;
}

/**
 * SQL functions the schema uses (the observation index's source view calls `memtray_idsplit`):
 * registered on every connection that may write observations, before migrations run
 * (db/open.ts, the maintenance worker). Deterministic, bounded work per call.
 */
export function registerFunctions(sqlite: Database.Database): void {
  sqlite.function('memtray_idsplit', { deterministic: true }, (text: unknown) => splitIdentifiers(text));
  // Migration 0018 re-indexes rows holding Chinese/Japanese text: it deletes them as indexed before.
  sqlite.function('memtray_idsplit_camel', { deterministic: true }, (text: unknown) => splitCamelOnly(text));
  sqlite.function('memtray_has_cjk', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' && hasCjk(text.slice(0, MAX_INPUT)) ? 1 : 0,
  );
  // The observation index triggers index a row now only below this id (migration 0008).
  sqlite.function(
    'memtray_fts_from',
    { deterministic: false },
    () => deferredFrom.get(sqlite) ?? NOT_DEFERRED,
  );
}

/** No row is deferred: every observation is indexed by its triggers (the largest rowid). */
const NOT_DEFERRED = 9_223_372_036_854_775_807n;
const deferredFrom = new WeakMap<Database.Database, bigint>();

interface IndexStatements {
  next: Database.Statement;
  fts: Database.Statement;
  trgm: Database.Statement;
}
const prepared = new WeakMap<Database.Database, IndexStatements>();

function statements(sqlite: Database.Database): IndexStatements {
  let st = prepared.get(sqlite);
  if (!st) {
    st = {
      next: sqlite.prepare('SELECT coalesce(max(id), 0) + 1 FROM observations').pluck(),
      fts: sqlite.prepare(
        `INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
         SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
         FROM observations_fts_src WHERE id >= ?`,
      ),
      trgm: sqlite.prepare(
        `INSERT INTO observations_trgm(rowid, title, paths)
         SELECT id, title, paths FROM observations_search_src WHERE id >= ?`,
      ),
    };
    prepared.set(sqlite, st);
  }
  return st;
}

/**
 * Runs `fn` (inside the caller's transaction) with the observation index deferred for the rows it
 * inserts, then indexes those rows in one statement each (the full-text and the trigram index).
 * Why: FTS5 flushes its pending terms at every statement savepoint, and every insert with
 * triggers opens one, so indexing row by row wrote one tiny segment per observation (and merged
 * them again); indexed at the end, a batch's terms are written once. Rows updated or deleted
 * meanwhile are left to the final statements (their triggers skip ids at or past the mark).
 */
export function withDeferredIndex<T>(sqlite: Database.Database, fn: () => T): T {
  if (deferredFrom.has(sqlite)) return fn();
  const st = statements(sqlite);
  const from = BigInt((st.next.get() as number | bigint | undefined) ?? 1);
  deferredFrom.set(sqlite, from);
  let out: T;
  try {
    out = fn();
  } finally {
    deferredFrom.delete(sqlite);
  }
  st.fts.run(from);
  st.trgm.run(from);
  return out;
}
