/** `GET /api/search`: query parsing and validation; the work is in `SearchEngine`. */
import { SEARCH_KINDS, SEARCH_LIMITS, searchQuery, type SearchKind } from '../../shared/contract/search.js';
import { VERBS } from '../../shared/contract/verbs.js';
import { HttpError, type Route, validate, verbRoute } from '../server/http.js';
import { decodeCursor, encodeCursor, type HitKey } from './cursor.js';
import { MAX_SHOWN, type SearchParams } from './search.js';
import type { HybridSearch } from './vectors/hybrid.js';

/** An ISO date/time or milliseconds since the epoch. */
function parseTime(raw: string | null, name: string): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const t = raw.trim();
  const ms = /^\d{1,15}$/.test(t) ? Number(t) : /^\d{4}-\d{2}-\d{2}/.test(t) ? Date.parse(t) : NaN;
  if (!Number.isFinite(ms))
    throw new HttpError(400, `invalid query: ${name} must be an ISO date or ms epoch`);
  return ms;
}

/** The results a `cursor` says the list has shown (none without one). */
function shownBy(raw: string | undefined): HitKey[] {
  if (raw === undefined) return [];
  const keys = decodeCursor(raw, MAX_SHOWN);
  if (!keys) throw new HttpError(400, 'invalid query: cursor');
  return keys;
}

/** A query parameter as the contract's field: trimmed, empty → absent; `limit` a number when it is one. */
function field(q: URLSearchParams, name: string): string | undefined {
  const v = q.get(name)?.trim();
  return v === undefined || v === '' ? undefined : v;
}

/**
 * Reads and validates the search parameters shared by the route and the CLI, with the contract's
 * `searchQuery` (the limits are defined there once).
 */
export function searchParamsFrom(q: URLSearchParams): SearchParams {
  const limit = field(q, 'limit');
  const p = validate(
    searchQuery,
    {
      q: q.get('q') ?? '',
      project: field(q, 'project'),
      agent: field(q, 'agent'),
      prefer: field(q, 'prefer'),
      type: field(q, 'type'),
      kind: field(q, 'kind'),
      file: field(q, 'file'),
      since: field(q, 'since'),
      until: field(q, 'until'),
      limit: limit !== undefined && /^\d{1,6}$/.test(limit) ? Number(limit) : limit,
      cursor: field(q, 'cursor'),
    },
    'query',
  );
  let type = p.type;
  let kinds: SearchKind[] | undefined;
  if (p.kind !== undefined) {
    kinds = p.kind.split(',').map((k) => k.trim()) as SearchKind[];
    if (kinds.some((k) => !SEARCH_KINDS.includes(k)))
      throw new HttpError(400, `invalid query: kind must be among ${SEARCH_KINDS.join(', ')}`);
  }
  // `type=summary|prompt|observation` selects a kind (the UI's type filter lists all three).
  if (type !== undefined && (SEARCH_KINDS as readonly string[]).includes(type)) {
    kinds = [type as SearchKind];
    type = undefined;
  }
  return {
    q: p.q,
    project: p.project,
    agent: p.agent,
    prefer: p.prefer,
    type,
    kinds,
    file: p.file,
    since: parseTime(p.since ?? null, 'since'),
    until: parseTime(p.until ?? null, 'until'),
    limit: p.limit ?? SEARCH_LIMITS.limit.default,
    shown: shownBy(p.cursor),
  };
}

export function searchRoutes(engine: HybridSearch): Route[] {
  return [
    verbRoute(VERBS.search, {
      handler: async ({ query }) => {
        const params = searchParamsFrom(query);
        let r;
        try {
          r = await engine.search(params);
        } catch (err) {
          // Queries are built from quoted words only; this is a last line of defence, not a path.
          if (/fts5|syntax/i.test((err as Error).message)) throw new HttpError(400, 'query not understood');
          throw err;
        }
        return {
          json: {
            items: r.items,
            nextCursor: r.next === null ? null : encodeCursor(r.next),
            ...(Object.keys(r.corrected).length > 0 ? { corrected: r.corrected } : {}),
            ...(r.unmatched !== undefined ? { unmatched: r.unmatched } : {}),
            ...(r.named !== undefined ? { named: r.named } : {}),
            ...(r.lastSession !== undefined ? { lastSession: r.lastSession } : {}),
            ...(r.period !== undefined ? { period: r.period } : {}),
          },
        };
      },
    }),
  ];
}
