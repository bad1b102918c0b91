import { useState } from 'react';
import type { SessionListItem } from '../../../../../electron/shared/api';
import { useApi } from '../../../api/context';
import { useResource } from '../../../api/resource';

const PAGE = 50;

/** Sessions newest first: the first page live, older pages by cursor (no 200 cap). */
export type SessionPages = ReturnType<typeof useSessionPages>;

export function useSessionPages(project: string) {
  const api = useApi();
  const first = useResource(
    () => api.listSessions({ ...(project ? { project } : {}), limit: PAGE }),
    `sessions|${project}`,
    (ev) => ev.name === 'session' || ev.name === 'summary' || ev.name === 'observation',
    400,
  );
  const [older, setOlder] = useState<{ key: string; items: SessionListItem[]; next: number | null } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const mine = older && older.key === project ? older : null;
  const next = mine ? mine.next : (first.data?.nextCursor ?? null);
  const more = (): void => {
    if (next === null || busy) return;
    setBusy(true);
    api.listSessions({ ...(project ? { project } : {}), limit: PAGE, cursor: next }).then(
      (p) => {
        setBusy(false);
        setOlder({ key: project, items: [...(mine?.items ?? []), ...p.items], next: p.nextCursor });
      },
      () => setBusy(false),
    );
  };
  const seen = new Set<number>();
  const items = [...(first.data?.items ?? []), ...(mine?.items ?? [])].filter((s) =>
    seen.has(s.id) ? false : (seen.add(s.id), true),
  );
  return { ...first, items, more: next !== null ? more : null, busy };
}

/** A session with no prompt, no observation and no summary: only its SessionStart was seen. */
export const isEmptySession = (s: SessionListItem): boolean =>
  s.observationCount === 0 && s.firstPrompt === null && s.summaryRequest === null;

/** Case-insensitive match on title, prompt, project and session id. */
export function matchesFilter(s: SessionListItem, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  if (f === '') return true;
  return [s.summaryRequest, s.firstPrompt, s.project, s.claudeSessionId, s.cwd]
    .filter((x): x is string => typeof x === 'string')
    .some((x) => x.toLowerCase().includes(f));
}
