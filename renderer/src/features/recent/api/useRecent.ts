import { useState } from 'react';
import type { RecentItem } from '@shared/contract/recent';
import { useApi } from '@/api/context';
import { firstOfEach } from '@/api/pages';
import { useResource } from '@/api/resource';

const PAGE = 40;

/** The newest page, live on new rows; older pages appended by `more()`. */
export function useRecent(project: string) {
  const api = useApi();
  const first = useResource(
    () => api.getRecent({ ...(project ? { project } : {}), limit: PAGE }),
    `recent|${project}`,
    (ev) =>
      ev.name === 'observation' ||
      ev.name === 'summary' ||
      ev.name === 'session' ||
      (ev.name === 'event' && ev.data.eventName === 'UserPromptSubmit'),
    500,
  );
  const [older, setOlder] = useState<{ key: string; items: RecentItem[]; next: number | null } | null>(null);
  const mine = older && older.key === project ? older : null;
  const next = mine ? mine.next : (first.data?.nextBefore ?? null);
  const more = (): void => {
    if (next === null) return;
    void api
      .getRecent({ ...(project ? { project } : {}), limit: PAGE, before: next })
      .then((p) =>
        setOlder({ key: project, items: [...(mine?.items ?? []), ...p.items], next: p.nextBefore }),
      );
  };
  const items = firstOfEach(
    [...(first.data?.items ?? []), ...(mine?.items ?? [])],
    (i) => `${i.kind}:${i.id}`,
  );
  return { ...first, items, more: next !== null ? more : null };
}
