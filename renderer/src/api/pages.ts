import type { LiveEvent } from '@shared/api';

/**
 * A list read a page at a time: the first page, reloaded live, then the pages appended. A reload
 * can bring an item an appended page already holds; the list shows each item once, where it comes
 * first.
 */
export function firstOfEach<T>(items: T[], key: (item: T) => string | number): T[] {
  const seen = new Set<string | number>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The session a live event says was deleted, or null. */
export const deletedSession = (ev: LiveEvent): number | null =>
  ev.name === 'session' && ev.data.status === 'deleted' ? ev.data.id : null;
