import { useState } from 'react';
import type { Page, SearchHit } from '@shared/api';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { useDebounced } from '@/components/useDebounced';
import { searchQuery } from './PreferRecent';
import type { Filters } from './SearchFilters';

/**
 * The results of what is typed (debounced) with the filters: the first page, refreshed when new
 * memories arrive, and the pages "More results" appended. `key` changes with the query.
 */
export function useSearchResults(q: string, filters: Filters, prefer: string | null, debounceMs: number) {
  const api = useApi();
  // Debounce a string (a fresh object every render would never settle).
  const key = useDebounced(JSON.stringify({ q: q.trim(), ...filters, prefer }), debounceMs);
  const query = JSON.parse(key) as Filters & { q: string; prefer: string | null };
  const hasQuery =
    query.q !== '' || query.project + query.agent + query.type + query.since + query.file !== '';
  const res = useResource<Page<SearchHit, string> | null>(
    () => (hasQuery ? api.search(searchQuery(query)) : Promise.resolve(null)),
    key,
    (ev) =>
      hasQuery &&
      (ev.name === 'summary' ||
        ev.name === 'observation' ||
        (ev.name === 'session' && ev.data.status === 'deleted')),
    1500,
  );
  const [more, setMore] = useState<SearchHit[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [prevKey, setPrevKey] = useState(key);
  if (prevKey !== key) {
    setPrevKey(key);
    setMore([]);
    setCursor(null);
  }
  const nextCursor = cursor ?? res.data?.nextCursor ?? null;
  const loadMore = (): void => {
    if (!nextCursor) return;
    api.search(searchQuery(query, nextCursor)).then(
      (p) => {
        setMore((m) => [...m, ...p.items]);
        setCursor(p.nextCursor ?? '');
      },
      () => setCursor(''),
    );
  };
  return {
    key,
    hasQuery,
    res,
    items: [...(res.data?.items ?? []), ...more],
    loadMore: nextCursor ? loadMore : null,
  };
}
