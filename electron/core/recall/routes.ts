/** `GET /api/search`: query parsing and validation; the work is in `SearchEngine`. */
import { HttpError, intParam, type Route } from '../server/http.js';
import { MAX_OFFSET, type Kind, type SearchParams } from './search.js';
import type { HybridSearch } from './vectors/hybrid.js';

const KINDS: readonly Kind[] = ['observation', 'summary', 'prompt'];

/** An ISO date/time or milliseconds since the epoch. */
export function parseTime(raw: string | null, name: string): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const t = raw.trim();
  const ms = /^\d{1,15}$/.test(t) ? Number(t) : /^\d{4}-\d{2}-\d{2}/.test(t) ? Date.parse(t) : NaN;
  if (!Number.isFinite(ms))
    throw new HttpError(400, `invalid query: ${name} must be an ISO date or ms epoch`);
  return ms;
}

export const encodeCursor = (offset: number): string => Buffer.from(`o:${offset}`).toString('base64url');

export function decodeCursor(raw: string | null): number {
  if (raw === null || raw === '') return 0;
  const m = /^o:(\d{1,6})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  const n = m ? Number(m[1]) : NaN;
  if (!Number.isInteger(n) || n > MAX_OFFSET + 200) throw new HttpError(400, 'invalid query: cursor');
  return n;
}

function optionalText(q: URLSearchParams, name: string, max: number): string | undefined {
  const v = q.get(name);
  if (v === null || v.trim() === '') return undefined;
  if (v.length > max) throw new HttpError(400, `invalid query: ${name} is longer than ${max} characters`);
  return v.trim();
}

/** Reads and validates the search parameters shared by the route, the CLI and the MCP tool. */
export function searchParamsFrom(q: URLSearchParams): SearchParams {
  const text = q.get('q') ?? '';
  if (text.length > 2000) throw new HttpError(400, 'invalid query: q is longer than 2000 characters');
  let type = optionalText(q, 'type', 100);
  let kinds: Kind[] | undefined;
  const kindRaw = optionalText(q, 'kind', 100);
  if (kindRaw !== undefined) {
    kinds = kindRaw.split(',').map((k) => k.trim()) as Kind[];
    if (kinds.some((k) => !KINDS.includes(k)))
      throw new HttpError(400, `invalid query: kind must be among ${KINDS.join(', ')}`);
  }
  // `type=summary|prompt|observation` selects a kind (the UI's type filter lists all three).
  if (type !== undefined && (KINDS as readonly string[]).includes(type)) {
    kinds = [type as Kind];
    type = undefined;
  }
  const file = optionalText(q, 'file', 1000);
  if (file !== undefined && [...file].length < 3)
    throw new HttpError(400, 'invalid query: file must be at least 3 characters');
  const since = parseTime(q.get('since'), 'since');
  const until = parseTime(q.get('until'), 'until');
  return {
    q: text,
    project: optionalText(q, 'project', 200),
    type,
    kinds,
    file,
    since,
    until,
    limit: intParam(q, 'limit', 20, 1, 100),
    offset: decodeCursor(q.get('cursor')),
  };
}

export function searchRoutes(engine: HybridSearch): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/search',
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
            nextCursor: r.nextOffset === null ? null : encodeCursor(r.nextOffset),
            ...(Object.keys(r.corrected).length > 0 ? { corrected: r.corrected } : {}),
          },
        };
      },
    },
  ];
}
