import { useState } from 'react';
import type { LiveEvent, Page } from '@shared/api';
import { useLive } from './context';
import { deletedSession, firstOfEach } from './pages';
import { useResource, type Resource } from './resource';

export interface PagedListOptions<T, C, P extends Page<T, C> = Page<T, C>> {
  /** Names the list: another key is another list, which starts from its first page. */
  key: string;
  /** One page: the first without a cursor, each next one with the cursor the page before gave. */
  load: (cursor?: C) => Promise<P>;
  /** What makes two items one (a reloaded first page can bring an item an appended page holds). */
  itemKey: (item: T) => string | number;
  /** Live events that reload the first page (coalesced, at most every `throttleMs`). */
  reloadOn?: (ev: LiveEvent) => boolean;
  throttleMs?: number;
  /**
   * The session an item belongs to. When a session is deleted (the live `session` event with
   * status `deleted`, or `forgetSession`), its items leave the list at once, wherever they are,
   * and the rest of the list stays where it is.
   */
  sessionOf?: (item: T) => number;
}

/**
 * The first page (a resource: `data`, `error`, `reload`; its page type `P` may say more than its
 * items, e.g. a search's corrections) and the pages appended after it.
 */
export interface PagedList<T, C, P extends Page<T, C> = Page<T, C>> extends Resource<P> {
  /** The first page's items, then the appended pages', each item once where it comes first. */
  items: T[];
  /** Asks for the next page (nothing while one is on its way); null after the last page. */
  more: (() => void) | null;
  /** The next page is on its way. */
  loadingMore: boolean;
  /** Why the next page failed (`more` asks for the same page again), or undefined. */
  moreError: unknown;
  /** A session deleted from this view: its items leave at once (the live event may come later or never), and the first page is read again. */
  forgetSession: (id: number) => void;
}

/** What one list shown has appended. */
interface Appended<T, C> {
  /** Counts the lists shown: a key shown again after another is a new list. */
  n: number;
  key: string;
  items: T[];
  /** Where the next page starts: undefined while the first page's cursor applies, null after the last. */
  next: C | null | undefined;
  loading: boolean;
  error: unknown;
  /** The sessions deleted while this list is shown: no appended page shows their items. */
  gone: number[];
  /** The first page as it was read before the last deletion: shown without the sessions gone until it is read again. */
  staleFirst: Page<T, C> | undefined;
}

const fresh = <T, C>(n: number, key: string): Appended<T, C> => ({
  n,
  key,
  items: [],
  next: undefined,
  loading: false,
  error: undefined,
  gone: [],
  staleFirst: undefined,
});

/**
 * A list read a page at a time: the first page live (reloaded on `reloadOn`), the next pages
 * appended by `more()`, one at a time. A failed page is kept as `moreError` until asked again. An
 * answer for a list that is no longer shown (its key changed, even if it came back) is dropped.
 * A deleted session's items are taken out where they are: the pages appended stay, so the list
 * does not fall back to its start, and the first page is the service's again once it is reread.
 */
export function usePagedList<T, C, P extends Page<T, C> = Page<T, C>>(
  options: PagedListOptions<T, C, P>,
): PagedList<T, C, P> {
  const { key, load, itemKey, reloadOn, throttleMs, sessionOf } = options;
  const first = useResource(() => load(), key, reloadOn, throttleMs);
  const [stored, setStored] = useState(() => fresh<T, C>(0, key));
  // Another list starts with nothing appended (adjusting state during render, not in an effect).
  const list = stored.key === key ? stored : fresh<T, C>(stored.n + 1, key);
  if (list !== stored) setStored(list);
  const { n } = list;
  /** Changes what this list appended; does nothing once another list is shown. */
  const change = (patch: (a: Appended<T, C>) => Partial<Appended<T, C>>): void =>
    setStored((a) => (a.n === n ? { ...a, ...patch(a) } : a));

  const forget = (id: number): void =>
    change((a) => ({ gone: a.gone.includes(id) ? a.gone : [...a.gone, id], staleFirst: first.data }));
  useLive((ev) => {
    const id = deletedSession(ev);
    if (id !== null && sessionOf) forget(id);
  });
  const kept = (items: T[]): T[] =>
    sessionOf && list.gone.length > 0 ? items.filter((i) => !list.gone.includes(sessionOf(i))) : items;

  const next = list.next === undefined ? (first.data?.nextCursor ?? null) : list.next;
  const more = (): void => {
    if (next === null || list.loading) return;
    change(() => ({ loading: true, error: undefined }));
    load(next).then(
      (p) => change((a) => ({ items: [...a.items, ...p.items], next: p.nextCursor, loading: false })),
      (error: unknown) => change(() => ({ loading: false, error })),
    );
  };
  const firstItems = first.data?.items ?? [];
  return {
    ...first,
    items: firstOfEach(
      [...(first.data === list.staleFirst ? kept(firstItems) : firstItems), ...kept(list.items)],
      itemKey,
    ),
    more: next !== null ? more : null,
    loadingMore: list.loading,
    moreError: list.error,
    forgetSession: (id) => {
      forget(id);
      first.reload();
    },
  };
}
