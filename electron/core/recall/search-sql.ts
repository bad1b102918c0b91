/**
 * SQL for the search stages. Ranking statements return only `(id, score)`: snippets are computed
 * afterwards for the page's hits alone (a `snippet()` per match costs ~20× on broad queries).
 * FTS5 tables are never aliased (`MATCH` and the auxiliary functions need the table's own name).
 */

export type Kind = 'observation' | 'summary' | 'prompt';

export interface Filters {
  project?: string | undefined;
  /** Observation type (e.g. `change`); restricts the search to observations. */
  type?: string | undefined;
  /** Substring of a path the observation read or modified; restricts to observations. */
  file?: string | undefined;
  since?: number | undefined;
  until?: number | undefined;
}

/** bm25 column weights: title above facts above narrative (unnamed columns weigh 1). */
const OBS_WEIGHTS = '10.0, 5.0, 4.0, 2.0, 3.0, 1.0, 1.5'; // title subtitle facts narrative concepts tool_name input
const SUM_WEIGHTS = '4.0, 1.5, 3.0, 3.0, 2.0, 1.0'; // request investigated learned completed next_steps notes

/** How much the newest items are boosted (×1.6 now, ×1.3 after 14 days, ×1.1 after ~70 days). */
export const RECENCY_BOOST = 0.6;
export const RECENCY_SCALE_MS = 14 * 24 * 3600 * 1000;

const recency = (col: string): string =>
  `(1.0 + ${RECENCY_BOOST} / (1.0 + max(0, :now - ${col}) / ${RECENCY_SCALE_MS}.0))`;

function obsFilters(f: Filters): string {
  const w: string[] = [];
  if (f.project !== undefined) w.push('s.project = :project');
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
  if (f.since !== undefined) w.push(`${timeCol} >= :since`);
  if (f.until !== undefined) w.push(`${timeCol} <= :until`);
  return w.map((x) => ` AND ${x}`).join('');
}

/** Ranked full-text matches of one kind: `:match`, `:minId` (recency window), `:k`. */
export function rankSql(kind: Kind, f: Filters): string {
  if (kind === 'observation')
    return `SELECT observations_fts.rowid AS id,
        -bm25(observations_fts, ${OBS_WEIGHTS}) * ${recency('o.created_at')} AS score
      FROM observations_fts JOIN observations o ON o.id = observations_fts.rowid
      JOIN sessions s ON s.id = o.session_id
      WHERE observations_fts MATCH :match AND observations_fts.rowid > :minId${obsFilters(f)}
      ORDER BY score DESC LIMIT :k`;
  if (kind === 'summary')
    return `SELECT summaries_fts.rowid AS id,
        -bm25(summaries_fts, ${SUM_WEIGHTS}) * ${recency('x.updated_at')} AS score
      FROM summaries_fts JOIN session_summaries x ON x.id = summaries_fts.rowid
      JOIN sessions s ON s.id = x.session_id
      WHERE summaries_fts MATCH :match AND summaries_fts.rowid > :minId${otherFilters(f, 'x.updated_at')}
      ORDER BY score DESC LIMIT :k`;
  return `SELECT prompts_fts.rowid AS id, -bm25(prompts_fts) * ${recency('x.created_at')} AS score
      FROM prompts_fts JOIN user_prompts x ON x.id = prompts_fts.rowid
      JOIN sessions s ON s.id = x.session_id
      WHERE prompts_fts MATCH :match AND prompts_fts.rowid > :minId${otherFilters(f, 'x.created_at')}
      ORDER BY score DESC LIMIT :k`;
}

/** Substring matches (trigram index) on one column, newest first: `:p0..:pN` LIKE patterns. */
export function substringSql(column: 'title' | 'paths', patterns: number, f: Filters): string {
  const likes = Array.from({ length: patterns }, (_v, i) => `observations_trgm.${column} LIKE :p${i}`);
  return `SELECT observations_trgm.rowid AS id, 0.1 * ${recency('o.created_at')} AS score
    FROM observations_trgm JOIN observations o ON o.id = observations_trgm.rowid
    JOIN sessions s ON s.id = o.session_id
    WHERE ${likes.join(' AND ')}${obsFilters(f)}
    ORDER BY observations_trgm.rowid DESC LIMIT :k`;
}

/** No query text: the newest observations matching the filters. */
export function listSql(f: Filters): string {
  return `SELECT o.id AS id, 0.0 AS score FROM observations o JOIN sessions s ON s.id = o.session_id
    WHERE 1${obsFilters(f)} ORDER BY o.created_at DESC, o.id DESC LIMIT :k OFFSET :offset`;
}

export const SNIPPET_SQL: Record<Kind, string> = {
  observation: `SELECT snippet(observations_fts, -1, char(2), char(3), '…', 14) AS s
    FROM observations_fts WHERE observations_fts MATCH ? AND rowid = ?`,
  summary: `SELECT snippet(summaries_fts, -1, char(2), char(3), '…', 14) AS s
    FROM summaries_fts WHERE summaries_fts MATCH ? AND rowid = ?`,
  prompt: `SELECT snippet(prompts_fts, -1, char(2), char(3), '…', 14) AS s
    FROM prompts_fts WHERE prompts_fts MATCH ? AND rowid = ?`,
};

export const HYDRATE_SQL: Record<Kind, string> = {
  observation: `SELECT o.id, o.session_id AS sessionId, s.project, o.type, o.title, o.tool_name AS toolName,
      o.created_at AS createdAt, v.input, v.paths, o.subtitle, o.narrative
    FROM observations o JOIN sessions s ON s.id = o.session_id
    JOIN observations_search_src v ON v.id = o.id WHERE o.id = ?`,
  summary: `SELECT x.id, x.session_id AS sessionId, s.project, x.request, x.completed, x.learned,
      x.updated_at AS createdAt
    FROM session_summaries x JOIN sessions s ON s.id = x.session_id WHERE x.id = ?`,
  prompt: `SELECT x.id, x.session_id AS sessionId, s.project, x.prompt, x.created_at AS createdAt
    FROM user_prompts x JOIN sessions s ON s.id = x.session_id WHERE x.id = ?`,
};

export const MAX_ID_SQL: Record<Kind, string> = {
  observation: 'SELECT coalesce(max(id), 0) AS m FROM observations',
  summary: 'SELECT coalesce(max(id), 0) AS m FROM session_summaries',
  prompt: 'SELECT coalesce(max(id), 0) AS m FROM user_prompts',
};
