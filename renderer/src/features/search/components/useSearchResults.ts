import { useEffect, useState } from 'react';
import type { SearchHit, SearchPage } from '@shared/api';
import { useApi } from '@/api/context';
import { usePagedList } from '@/api/usePagedList';
import { searchQuery } from './PreferRecent';
import type { Filters } from './SearchFilters';

/** The query on screen and its highlighted row. */
interface Shown {
  key: string;
  active: number;
}

/**
 * The results of what is typed (debounced) with the filters: the first page, refreshed when new
 * memories arrive, the pages "More results" appended (each hit shown once) and the highlighted row.
 * Each query starts from its first page with its first row highlighted, and an answer for a query
 * that is no longer shown is dropped (`usePagedList`).
 */
export function useSearchResults(q: string, filters: Filters, prefer: string | null, debounceMs: number) {
  const api = useApi();
  // Debounce a string (a fresh object every render would never settle).
  const typed = JSON.stringify({ q: q.trim(), ...filters, prefer });
  const [shown, setShown] = useState<Shown>(() => ({ key: typed, active: 0 }));
  useEffect(() => {
    const t = setTimeout(
      () => setShown((s) => (s.key === typed ? s : { key: typed, active: 0 })),
      debounceMs,
    );
    return () => clearTimeout(t);
  }, [typed, debounceMs]);
  const { key } = shown;

  const query = JSON.parse(key) as Filters & { q: string; prefer: string | null };
  const hasQuery =
    query.q !== '' || query.project + query.agent + query.type + query.since + query.file !== '';
  const res = usePagedList<SearchHit, string, SearchPage>({
    key,
    load: (cursor) =>
      hasQuery ? api.search(searchQuery(query, cursor)) : Promise.resolve({ items: [], nextCursor: null }),
    itemKey: (h) => `${h.kind}:${h.id}`,
    sessionOf: (h) => h.sessionId,
    reloadOn: (ev) =>
      hasQuery &&
      (ev.name === 'summary' ||
        ev.name === 'observation' ||
        (ev.name === 'session' && ev.data.status === 'deleted')),
    throttleMs: 1500,
  });
  const { items } = res;
  // A reload can shorten the list under the highlight: the last row is highlighted then.
  const within = (i: number): number => Math.max(0, Math.min(i, items.length - 1));
  const setActive = (to: number | ((active: number) => number)): void =>
    setShown((s) =>
      s.key === key ? { ...s, active: typeof to === 'number' ? to : to(within(s.active)) } : s,
    );
  return { hasQuery, res, items, active: within(shown.active), setActive };
}
