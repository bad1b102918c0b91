import { useState } from 'react';
import type { Project, SearchQuery } from '@shared/api';
import { isAgentId } from '@shared/contract/agents';
import type { Filters } from './SearchFilters';

const KEY = 'memtray.search.preferRecent';

/** The project worked in last (newest activity), or null when none has any. */
export function recentProject(projects: readonly Project[]): string | null {
  let best: Project | null = null;
  for (const p of projects)
    if (p.lastActivityAt !== null && (best === null || p.lastActivityAt > (best.lastActivityAt ?? 0)))
      best = p;
  return best?.name ?? null;
}

function stored(): boolean {
  try {
    return window.localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * Whether searches rank the project worked in last first (`SearchQuery.prefer`): on unless the
 * person turned it off (remembered). Never with a project filter, which already narrows to one.
 */
export function usePreferRecent(projects: readonly Project[], filters: Filters) {
  const [on, setOn] = useState(stored);
  const recent = recentProject(projects);
  const toggle = (): void => {
    setOn(!on);
    try {
      window.localStorage.setItem(KEY, on ? 'off' : 'on');
    } catch {
      // storage refused (private window): the choice lasts this session only
    }
  };
  return { recent, on, toggle, prefer: on && filters.project === '' ? recent : null };
}

/** The search request for a query, its filters and the preferred project (null with a project filter). */
export function searchQuery(
  query: Filters & { q: string; prefer: string | null },
  cursor?: string,
): SearchQuery {
  const sq: SearchQuery = { q: query.q, limit: 30 };
  if (cursor !== undefined) sq.cursor = cursor;
  if (query.project) sq.project = query.project;
  if (isAgentId(query.agent)) sq.agent = query.agent;
  if (query.prefer) sq.prefer = query.prefer;
  if (query.type) sq.type = query.type;
  if (query.file) sq.file = query.file;
  if (query.since) sq.since = query.since;
  return sq;
}

/** The switch under the search box: "<project> first", pressed while it ranks that project first. */
export function PreferRecentToggle({
  recent,
  on,
  toggle,
}: {
  recent: string;
  on: boolean;
  toggle: () => void;
}) {
  return (
    <p className="prefer-recent">
      <button
        type="button"
        className={on ? 'filters-on' : ''}
        aria-pressed={on}
        onClick={toggle}
        title={
          on
            ? `Matches from ${recent}, the project you worked in last, come first. Click to rank every project alike.`
            : `Every project ranks alike. Click to put matches from ${recent}, the project you worked in last, first.`
        }
      >
        {recent} first
      </button>
    </p>
  );
}
