import { useState } from 'react';
import type { SessionListItem } from '@shared/api';
import { useApi } from '@/api/context';
import { firstOfEach } from '@/api/pages';
import { useResource } from '@/api/resource';

const PAGE = 50;

/**
 * Sessions newest first: the first page live, older pages by cursor (no 200 cap); `q` is matched by
 * the service against every session, not only the loaded ones.
 */
export type SessionPages = ReturnType<typeof useSessionPages>;

export function useSessionPages(project: string, q = '') {
  const api = useApi();
  const query = { ...(project ? { project } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
  const key = `${project}|${q.trim()}`;
  const first = useResource(
    () => api.listSessions({ ...query, limit: PAGE }),
    `sessions|${key}`,
    (ev) => ev.name === 'session' || ev.name === 'summary' || ev.name === 'observation',
    400,
  );
  const [older, setOlder] = useState<{ key: string; items: SessionListItem[]; next: number | null } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const mine = older && older.key === key ? older : null;
  const next = mine ? mine.next : (first.data?.nextCursor ?? null);
  const more = (): void => {
    if (next === null || busy) return;
    setBusy(true);
    api.listSessions({ ...query, limit: PAGE, cursor: next }).then(
      (p) => {
        setBusy(false);
        setOlder({ key, items: [...(mine?.items ?? []), ...p.items], next: p.nextCursor });
      },
      () => setBusy(false),
    );
  };
  const items = firstOfEach([...(first.data?.items ?? []), ...(mine?.items ?? [])], (s) => s.id);
  return { ...first, items, more: next !== null ? more : null, busy };
}

/** A session with no prompt, no observation and no summary: only its SessionStart was seen. */
export const isEmptySession = (s: SessionListItem): boolean =>
  s.observationCount === 0 && s.firstPrompt === null && s.summaryRequest === null;
