import type { RecentItem } from '@shared/contract/recent';
import { useApi } from '@/api/context';
import { usePagedList } from '@/api/usePagedList';

const PAGE = 40;

/** The newest page, live on new rows; older pages appended by `more()`. */
export function useRecent(project: string) {
  const api = useApi();
  return usePagedList<RecentItem, number>({
    key: `recent|${project}`,
    load: (before) =>
      api
        .getRecent({
          ...(project ? { project } : {}),
          limit: PAGE,
          ...(before !== undefined ? { before } : {}),
        })
        .then((p) => ({ items: p.items, nextCursor: p.nextBefore })),
    itemKey: (i) => `${i.kind}:${i.id}`,
    sessionOf: (i) => i.sessionId,
    reloadOn: (ev) =>
      ev.name === 'observation' ||
      ev.name === 'summary' ||
      ev.name === 'session' ||
      (ev.name === 'event' && ev.data.eventName === 'UserPromptSubmit'),
    throttleMs: 500,
  });
}
