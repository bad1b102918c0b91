/**
 * SQL for the search stages. Ranking statements return only `(id, score)`: snippets are computed
 * afterwards for the page's hits alone (a `snippet()` per match costs ~20× on broad queries).
 * FTS5 tables are never aliased (`MATCH` and the auxiliary functions need the table's own name).
 */
import type { SearchKind } from '../../shared/contract/search.js';

/** What a hit is: the contract's `SearchKind`. */
export type Kind = SearchKind;

export interface Filters {
  project?: string | undefined;
  /** The coding agent whose sessions recorded the rows (`sessions.agent`). */
  agent?: string | undefined;
  /** Observation type (e.g. `change`); restricts the search to observations. */
  type?: string | undefined;
  /** Substring of a path the observation read or modified; restricts to observations. */
  file?: string | undefined;
  since?: number | undefined;
  until?: number | undefined;
  /**
   * Whether summaries the rules wrote are searched: they restate their session's prompts, files
   * and fixes, each a memory searched in its own right, so only a search asking for summaries
   * by kind wants them.
   */
  recaps?: boolean | undefined;
}

/** bm25 column weights: title above facts above narrative (unnamed columns weigh 1). */
const OBS_WEIGHTS = '10.0, 5.0, 4.0, 2.0, 3.0, 1.0, 1.5, 2.0'; // title subtitle facts narrative concepts tool_name input idents
const SUM_WEIGHTS = '4.0, 1.5, 3.0, 3.0, 2.0, 1.0'; // request investigated learned completed next_steps notes

/** How much the newest items are boosted (×1.6 now, ×1.3 after 14 days, ×1.1 after ~70 days). */
const RECENCY_BOOST = 0.6;
const RECENCY_SCALE_MS = 14 * 24 * 3600 * 1000;

const recency = (col: string): string =>
  `(1.0 + ${RECENCY_BOOST} / (1.0 + max(0, :now - ${col}) / ${RECENCY_SCALE_MS}.0))`;

/**
 * The join that brings a row's session (project, agent), needed only to filter by them (foreign keys
 * hold every row's session, so leaving it out drops no row): one seek less per match on broad queries.
 */
const sessionJoin = (f: Filters, alias: string): string =>
  f.project !== undefined || f.agent !== undefined ? ` JOIN sessions s ON s.id = ${alias}.session_id` : '';
/** The same for a kind: a summary's time is its session's, so summaries always bring the session. */
const joinOf = (kind: Kind, f: Filters, alias: string): string =>
  kind === 'summary' ? ` JOIN sessions s ON s.id = ${alias}.session_id` : sessionJoin(f, alias);

function obsFilters(f: Filters): string {
  const w: string[] = [];
  if (f.project !== undefined) w.push('s.project = :project');
  if (f.agent !== undefined) w.push('s.agent = :agent');
  if (f.type !== undefined) w.push('o.type = :type');
  if (f.since !== undefined) w.push('o.created_at >= :since');
  if (f.until !== undefined) w.push('o.created_at <= :until');
  if (f.file !== undefined)
    w.push(
      'o.id IN (SELECT rowid FROM observations_trgm WHERE observations_trgm.paths LIKE :fileLike' +
        ' AND instr(lower(observations_trgm.paths), :fileLower) > 0)',
    );
  return w.map((x) => ` AND ${x}`).join('');
}

function otherFilters(f: Filters, timeCol: string): string {
  const w: string[] = [];
  if (f.project !== undefined) w.push('s.project = :project');
  if (f.agent !== undefined) w.push('s.agent = :agent');
  if (f.since !== undefined) w.push(`${timeCol} >= :since`);
  if (f.until !== undefined) w.push(`${timeCol} <= :until`);
  return w.map((x) => ` AND ${x}`).join('');
}

const RANK = {
  observation: {
    fts: 'observations_fts',
    weights: OBS_WEIGHTS,
    table: 'observations o',
    alias: 'o',
    time: 'o.created_at',
  },
  // A summary is dated by its session's last activity: it is written when the session ends or, for
  // imported history, on the day of the import.
  summary: {
    fts: 'summaries_fts',
    weights: SUM_WEIGHTS,
    table: 'session_summaries x',
    alias: 'x',
    time: 's.updated_at',
  },
  prompt: { fts: 'prompts_fts', weights: '1.0', table: 'user_prompts x', alias: 'x', time: 'x.created_at' },
} as const;

/** The full-text index of each kind. */
export const ftsOf = (kind: Kind): string => RANK[kind].fts;

/**
 * The rowids of `kind`'s FTS table that match `?` among the ids given (`?`, a JSON array).
 * `rowid IN` makes FTS5 seek each id in the expression's doclists: about a millisecond for a
 * hundred ids at a million memories, where a scan of a common word's doclist would cost tens. The
 * expression must have no prefix word: FTS5 merges a prefix's doclists whole before it can seek
 * (`"test"*` took 5 s at a million memories; the prefix index holds only 2 and 3 letters).
 */
export const matchAtSql = (kind: Kind): string =>
  `SELECT rowid FROM ${ftsOf(kind)} WHERE ${ftsOf(kind)} MATCH ? AND rowid IN (SELECT value FROM json_each(?))`;

export const hasFilters = (f: Filters): boolean =>
  f.project !== undefined ||
  f.agent !== undefined ||
  f.type !== undefined ||
  f.file !== undefined ||
  f.since !== undefined ||
  f.until !== undefined;

/**
 * Leaves out the summaries the rules wrote unless `f.recaps` (see Filters): a primary-key lookup per
 * matched row, not a list of every such summary built per statement (a scan of the whole table:
 * about 5 ms at 25,000 summaries, for each stage of each search).
 */
const recapFilter = (kind: Kind, f: Filters, id: string): string =>
  kind === 'summary' && f.recaps === false
    ? ` AND NOT EXISTS (SELECT 1 FROM session_summaries r WHERE r.id = ${id} AND r.produced_by LIKE 'rules%')`
    : '';

/**
 * Ranked full-text matches of one kind: `:match`, `:minId` (recency window), `:k`. Without
 * filters the rows are ranked by bm25 alone (no join per match) and the caller applies the
 * recency factor to the `:k` best (TIME_SQL); with filters the join is needed.
 */
export function rankSql(kind: Kind, f: Filters): string {
  const r = RANK[kind];
  const bm25 = `-bm25(${r.fts}, ${r.weights})`;
  if (!hasFilters(f))
    return `SELECT ${r.fts}.rowid AS id, ${bm25} AS score, NULL AS time FROM ${r.fts}
      WHERE ${r.fts} MATCH :match AND ${r.fts}.rowid > :minId${recapFilter(kind, f, `${r.fts}.rowid`)}
      ORDER BY score DESC LIMIT :k`;
  const where =
    (kind === 'observation' ? obsFilters(f) : otherFilters(f, r.time)) +
    recapFilter(kind, f, `${r.fts}.rowid`);
  return `SELECT ${r.fts}.rowid AS id, ${bm25} * ${recency(r.time)} AS score, ${r.time} AS time
      FROM ${r.fts} JOIN ${r.table} ON ${r.alias}.id = ${r.fts}.rowid${joinOf(kind, f, r.alias)}
      WHERE ${r.fts} MATCH :match AND ${r.fts}.rowid > :minId${where}
      ORDER BY score DESC LIMIT :k`;
}

/** Which of a JSON array of ids (`:ids`) pass the filters (semantic hits are filtered after the KNN). */
export function filterIdsSql(kind: Kind, f: Filters): string {
  const r = RANK[kind];
  const where =
    (kind === 'observation' ? obsFilters(f) : otherFilters(f, r.time)) +
    recapFilter(kind, f, `${r.alias}.id`);
  return `SELECT ${r.alias}.id FROM ${r.table}${joinOf(kind, f, r.alias)}
    WHERE ${r.alias}.id IN (SELECT value FROM json_each(:ids))${where}`;
}

const TITLE_SQL: Record<Kind, string> = {
  observation: "coalesce(o.title, '') || ' ' || coalesce(o.subtitle, '')",
  summary: "coalesce(x.request, '')",
  prompt: 'substr(x.prompt, 1, 300)',
};

/** Newest matches of one kind with their time and title text: `:match`, `:k`. */
export function newestSql(kind: Kind, f: Filters): string {
  const r = RANK[kind];
  const where =
    (kind === 'observation' ? obsFilters(f) : otherFilters(f, r.time)) +
    recapFilter(kind, f, `${r.fts}.rowid`);
  return `SELECT ${r.fts}.rowid AS id, ${r.time} AS time, ${TITLE_SQL[kind]} AS title
    FROM ${r.fts} JOIN ${r.table} ON ${r.alias}.id = ${r.fts}.rowid${joinOf(kind, f, r.alias)}
    WHERE ${r.fts} MATCH :match${where}
    ORDER BY ${r.fts}.rowid DESC LIMIT :k`;
}

/** Times of a batch of rows: `?` JSON array of ids → rows (id, time). */
export const TIME_SQL: Record<Kind, string> = {
  observation: 'SELECT id, created_at FROM observations WHERE id IN (SELECT value FROM json_each(?))',
  summary: `SELECT x.id, s.updated_at FROM session_summaries x JOIN sessions s ON s.id = x.session_id
    WHERE x.id IN (SELECT value FROM json_each(?))`,
  prompt: 'SELECT id, created_at FROM user_prompts WHERE id IN (SELECT value FROM json_each(?))',
};

export function recencyFactor(now: number, time: number): number {
  return 1 + RECENCY_BOOST / (1 + Math.max(0, now - time) / RECENCY_SCALE_MS);
}

/** Substring matches (trigram index) on one column, newest first: `:p0..:pN` LIKE patterns. */
export function substringSql(column: 'title' | 'paths', patterns: number, f: Filters): string {
  const likes = Array.from({ length: patterns }, (_v, i) => `observations_trgm.${column} LIKE :p${i}`);
  return `SELECT observations_trgm.rowid AS id, 0.1 * ${recency('o.created_at')} AS score
    FROM observations_trgm JOIN observations o ON o.id = observations_trgm.rowid${sessionJoin(f, 'o')}
    WHERE ${likes.join(' AND ')}${obsFilters(f)}
    ORDER BY observations_trgm.rowid DESC LIMIT :k`;
}

/**
 * Whether observation `o` is a call that failed: reported failed, a failure, or a test run that
 * failed ("Tests failed: …"), as SQL.
 */
export const FAILED_CALL = (o: string): string =>
  `(${o}.failed OR ${o}.type = 'failure' OR coalesce(${o}.title, '') LIKE 'Tests failed%')`;

/** No query text: the newest observations matching the filters. */
export function listSql(f: Filters): string {
  return `SELECT o.id AS id, o.created_at AS at FROM observations o${sessionJoin(f, 'o')}
    WHERE 1${obsFilters(f)} ORDER BY o.created_at DESC, o.id DESC LIMIT :k OFFSET :offset`;
}

/**
 * The turns (episodes) of a span (`since`..`until`, both set), newest first: read through the
 * sessions active in the span and their turns (`observations_session_type`), not by walking every
 * memory of the span for the few that are turns.
 */
export function turnsSql(f: Filters): string {
  return `SELECT o.id AS id, o.created_at AS at FROM sessions s INDEXED BY sessions_updated
      JOIN observations o ON o.session_id = s.id AND o.type = 'episode'
    WHERE s.updated_at >= :since AND s.started_at <= :until${obsFilters({ ...f, type: undefined })}
    ORDER BY o.created_at DESC, o.id DESC LIMIT :k OFFSET 0`;
}

const snippetSql = (fts: string): string =>
  `SELECT rowid AS id, snippet(${fts}, -1, char(2), char(3), '…', 14) AS s FROM ${fts}
    WHERE ${fts} MATCH ? AND rowid BETWEEN ? AND ? AND +rowid IN (SELECT value FROM json_each(?))`;

/**
 * Snippets for a page's hits: `?` match, `?` lowest id, `?` highest id, `?` JSON array of ids.
 * `+rowid` keeps the IN list out of FTS5 (as `rowid =` lookups it would re-run the match per id).
 */
export const SNIPPET_SQL: Record<Kind, string> = {
  observation: snippetSql('observations_fts'),
  summary: snippetSql('summaries_fts'),
  prompt: snippetSql('prompts_fts'),
};

export const HYDRATE_SQL: Record<Kind, string> = {
  observation: `SELECT o.id, o.session_id AS sessionId, s.project, s.agent, o.type, o.title, o.tool_name AS toolName,
      o.created_at AS createdAt, v.input, o.subtitle, o.narrative, o.files_modified AS filesModified,
      CASE WHEN json_valid(o.facts) THEN o.facts END AS facts
    FROM observations o JOIN sessions s ON s.id = o.session_id
    JOIN observations_search_src v ON v.id = o.id WHERE o.id IN (SELECT value FROM json_each(?))`,
  summary: `SELECT x.id, x.session_id AS sessionId, s.project, s.agent, x.request, x.completed, x.learned,
      x.investigated, x.next_steps AS nextSteps, s.updated_at AS createdAt
    FROM session_summaries x JOIN sessions s ON s.id = x.session_id
    WHERE x.id IN (SELECT value FROM json_each(?))`,
  prompt: `SELECT x.id, x.session_id AS sessionId, s.project, s.agent, x.prompt, x.created_at AS createdAt
    FROM user_prompts x JOIN sessions s ON s.id = x.session_id
    WHERE x.id IN (SELECT value FROM json_each(?))`,
};

/** The session of each memory (`?`: ids as a JSON array). */
export const SESSION_OF_SQL: Record<Kind, string> = {
  observation:
    'SELECT id, session_id AS session FROM observations WHERE id IN (SELECT value FROM json_each(?))',
  summary:
    'SELECT id, session_id AS session FROM session_summaries WHERE id IN (SELECT value FROM json_each(?))',
  prompt: 'SELECT id, session_id AS session FROM user_prompts WHERE id IN (SELECT value FROM json_each(?))',
};

/** The rowid of the n-th newest match (`?` match, `?` offset): where a recency window starts. */
export const NTH_MATCH_SQL: Record<Kind, string> = {
  observation:
    'SELECT rowid AS id FROM observations_fts WHERE observations_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?',
  summary:
    'SELECT rowid AS id FROM summaries_fts WHERE summaries_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?',
  prompt:
    'SELECT rowid AS id FROM prompts_fts WHERE prompts_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?',
};

/**
 * The observations just after (`dir` 'after') or before an anchor in its session, in time order
 * away from it: `?` anchor id, `?` limit. Index `observations_session_created`.
 */
export const NEIGHBOURS_SQL = {
  after: neighbours('>', ''),
  before: neighbours('<', ' DESC'),
  /** For an episode anchor: the turns after or before it (its own tool calls come after its start). */
  afterEpisode: neighbours('>', '', " AND n.type = 'episode'"),
  beforeEpisode: neighbours('<', ' DESC', " AND n.type = 'episode'"),
} as const;

function neighbours(op: '<' | '>', order: string, only = ''): string {
  return `SELECT n.id FROM observations a JOIN observations n ON n.session_id = a.session_id
    AND (n.created_at, n.id) ${op} (a.created_at, a.id)${only}
    WHERE a.id = ? ORDER BY n.created_at${order}, n.id${order} LIMIT ?`;
}
