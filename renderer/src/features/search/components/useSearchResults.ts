import { useEffect, useState } from 'react';
import type { Page, SearchHit } from '@shared/api';
import { useApi } from '@/api/context';
import { firstOfEach } from '@/api/pages';
import { useResource } from '@/api/resource';
import { searchQuery } from './PreferRecent';
import type { Filters } from './SearchFilters';

/** The query on screen and what belongs to it alone. */
interface Shown {
  /** Counts the queries shown: a query typed again is a new one. */
  n: number;
  key: string;
  /** The pages "More results" appended. */
  more: SearchHit[];
  /** Where the next page starts: null while the first page's cursor applies, '' after the last page. */
  cursor: string | null;
  /** The next page is on its way: More results waits for it. */
  loadingMore: boolean;
  /** Why the last "More results" failed (the same page can be asked again), or undefined. */
  moreError: unknown;
  /** The highlighted row. */
  active: number;
}

const fresh = (n: number, key: string): Shown => ({
  n,
  key,
  more: [],
  cursor: null,
  loadingMore: false,
  moreError: undefined,
  active: 0,
});

/**
 * The results of what is typed (debounced) with the filters: the first page, refreshed when new
 * memories arrive, the pages "More results" appended (each hit shown once) and the highlighted row.
 * Each query starts from its first page with its first row highlighted, and an answer for a query
 * that is no longer shown is dropped.
 */
export function useSearchResults(q: string, filters: Filters, prefer: string | null, debounceMs: number) {
  const api = useApi();
  // Debounce a string (a fresh object every render would never settle).
  const typed = JSON.stringify({ q: q.trim(), ...filters, prefer });
  const [shown, setShown] = useState(() => fresh(0, typed));
  useEffect(() => {
    const t = setTimeout(() => setShown((s) => (s.key === typed ? s : fresh(s.n + 1, typed))), debounceMs);
    return () => clearTimeout(t);
  }, [typed, debounceMs]);
  const { n, key } = shown;
  /** Changes what belongs to this query; does nothing once another query is shown. */
  const change = (patch: (s: Shown) => Partial<Shown>): void =>
    setShown((s) => (s.n === n ? { ...s, ...patch(s) } : s));

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
  const nextCursor = shown.cursor ?? res.data?.nextCursor ?? null;
  const loadMore = (): void => {
    if (!nextCursor || shown.loadingMore) return;
    change(() => ({ loadingMore: true, moreError: undefined }));
    api.search(searchQuery(query, nextCursor)).then(
      (p) =>
        change((s) => ({ more: [...s.more, ...p.items], cursor: p.nextCursor ?? '', loadingMore: false })),
      (e: unknown) => change(() => ({ loadingMore: false, moreError: e })),
    );
  };
  const items = firstOfEach([...(res.data?.items ?? []), ...shown.more], (h) => `${h.kind}:${h.id}`);
  // A reload can shorten the list under the highlight: the last row is highlighted then.
  const within = (i: number): number => Math.max(0, Math.min(i, items.length - 1));
  const setActive = (to: number | ((active: number) => number)): void =>
    change((s) => ({ active: typeof to === 'number' ? to : to(within(s.active)) }));
  return {
    hasQuery,
    res,
    items,
    loadMore: nextCursor ? loadMore : null,
    loadingMore: shown.loadingMore,
    moreError: shown.moreError,
    active: within(shown.active),
    setActive,
  };
}
