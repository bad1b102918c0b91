import type { SessionListItem } from '@shared/api';
import { useApi } from '@/api/context';
import { usePagedList } from '@/api/usePagedList';

const PAGE = 50;

/**
 * Sessions newest first: the first page live, older pages by cursor (no 200 cap); `q` is matched by
 * the service against every session, not only the loaded ones.
 */
export type SessionPages = ReturnType<typeof useSessionPages>;

export function useSessionPages(project: string, q = '') {
  const api = useApi();
  const query = { ...(project ? { project } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
  return usePagedList<SessionListItem, number>({
    key: `sessions|${project}|${q.trim()}`,
    load: (cursor) =>
      api.listSessions({ ...query, limit: PAGE, ...(cursor !== undefined ? { cursor } : {}) }),
    itemKey: (s) => s.id,
    sessionOf: (s) => s.id,
    reloadOn: (ev) => ev.name === 'session' || ev.name === 'summary' || ev.name === 'observation',
    throttleMs: 400,
  });
}

/** A session with no prompt, no observation and no summary: only its SessionStart was seen. */
export const isEmptySession = (s: SessionListItem): boolean =>
  s.observationCount === 0 && s.firstPrompt === null && s.summaryRequest === null;
