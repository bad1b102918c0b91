import { useId, useState } from 'react';
import { MoreButton } from '@/components/MoreButton';
import { Empty, ErrorBox, Loading } from '@/components/ui';
import { plural } from '@/format';
import { isEmptySession, type SessionPages } from '../api/useSessionPages';
import { SessionCard } from './SessionCard';

/**
 * The sessions list: a text filter (the service looks through every session), sessions that only
 * ever started (no prompt, no observation) folded away, and paging as far back as there are sessions.
 */
export function SessionList({
  project,
  list,
  filter,
  onFilter,
  onOpen,
}: {
  project: string;
  /** Owned by the view, so the loaded pages survive opening a session (scroll comes back). */
  list: SessionPages;
  filter: string;
  onFilter: (f: string) => void;
  onOpen: (id: number) => void;
}) {
  const ids = useId();
  const [showEmpty, setShowEmpty] = useState(false);
  const matching = list.items;
  const empty = matching.filter(isEmptySession);
  const shown = showEmpty ? matching : matching.filter((s) => !isEmptySession(s));
  return (
    <>
      <label htmlFor={`${ids}-f`} className="sr-only">
        Filter sessions
      </label>
      <input
        id={`${ids}-f`}
        type="search"
        value={filter}
        placeholder="Filter sessions…"
        onChange={(e) => onFilter(e.target.value)}
      />
      {list.error !== undefined && <ErrorBox error={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && list.items.length === 0 && !filter.trim() && (
        <Empty title={project ? `No sessions in ${project} yet` : 'No sessions yet'}>
          <p>
            Sessions appear here as soon as Claude Code runs with MemTray's hooks. Open <b>Health</b> to
            install the hooks, or import your past transcripts from there.
          </p>
        </Empty>
      )}
      {list.data && list.items.length === 0 && filter.trim() !== '' && (
        <p className="muted">
          No session {project ? `in ${project} ` : ''}matches “{filter.trim()}”.
        </p>
      )}
      {shown.length > 0 && (
        <ul className="cards" aria-label="Sessions list">
          {shown.map((s) => (
            <li key={s.id}>
              <SessionCard s={s} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
      {empty.length > 0 && (
        <button
          type="button"
          className="link"
          aria-expanded={showEmpty}
          onClick={() => setShowEmpty((v) => !v)}
        >
          {showEmpty
            ? `Hide the ${plural(empty.length, 'empty session')}`
            : `${plural(empty.length, 'empty session')} (started, nothing recorded) folded — show`}
        </button>
      )}
      <MoreButton list={list} label="Older sessions" />
    </>
  );
}
