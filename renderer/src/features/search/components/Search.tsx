import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchHit } from '@shared/api';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { MoreButton } from '@/components/MoreButton';
import { Empty, ErrorBox, Loading } from '@/components/ui';
import { useKept } from '@/components/useKept';
import { useListMemory } from '@/components/useListMemory';
import { PreferRecentToggle, usePreferRecent } from './PreferRecent';
import { ResultList, SearchHelp } from './ResultList';
import { SearchNote } from './SearchNote';
import { useSearchResults } from './useSearchResults';
import { NO_FILTERS, SearchFilters, type Filters } from './SearchFilters';
import { Drilldown, useDrilldown } from '@/features/detail';
import { useRoute } from '@/router/hash';

/** Keyboard-first search: focus on open, results as you type, ↑/↓ + Enter to open, Esc back. */
export function SearchView({ debounceMs = 200 }: { debounceMs?: number }) {
  const api = useApi();
  const [q, setQ] = useKept('search.q', '');
  // `#/search?q=auth` opens Search with that query in the box.
  const route = useRoute();
  const linked = route.view === 'search' ? route.params.get('q') : null;
  const [linkedSeen, setLinkedSeen] = useState<string | null>(null);
  if (linked !== null && linked !== linkedSeen) {
    setLinkedSeen(linked);
    setQ(linked);
  }
  const [filters, setFilters] = useKept<Filters>('search.filters', NO_FILTERS);
  const [showFilters, setShowFilters] = useState(false);
  const { detail, open: openDetail } = useDrilldown();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const projects = useResource(() => api.listProjects(), 'projects');
  const recent = usePreferRecent(projects.data?.items ?? [], filters);
  const { hasQuery, res, items, active, setActive } = useSearchResults(q, filters, recent.prefer, debounceMs);
  const activeFilters = Object.values(filters).filter((v) => v !== '').length;

  // The tray popup is shown again (window focus): put the caret back in the search box.
  useEffect(() => {
    if (detail) return;
    const onFocus = (): void => input.current?.focus();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [detail]);

  // ↓/↑ keep the highlighted result on screen (below the sticky search box: scroll-margin-top).
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const remember = useListMemory(detail !== null, () => input.current?.focus());
  const open = (hit: SearchHit | undefined): void => {
    if (!hit) return;
    remember();
    openDetail(
      hit.kind === 'observation'
        ? { kind: 'observation', id: hit.id }
        : { kind: 'session', id: hit.sessionId },
    );
  };

  if (detail) return <Drilldown detail={detail} list="search" onDeleted={res.forgetSession} />;

  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      moved.current = true;
      setActive((a) => Math.min(items.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      moved.current = true;
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(items[active]);
    } else if (e.key === 'Escape' && q !== '') {
      e.preventDefault();
      setQ('');
    }
  };

  return (
    <section className="view search" aria-label="Search">
      <div className="search-bar">
        <input
          ref={input}
          type="search"
          autoFocus
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search memories…"
          aria-label="Search memories"
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={items[active] ? `${listId}-${active}` : undefined}
          aria-autocomplete="list"
        />
        <button
          type="button"
          aria-expanded={showFilters}
          onClick={() => setShowFilters((v) => !v)}
          className={activeFilters ? 'filters-on' : ''}
        >
          Filters{activeFilters ? ` (${activeFilters})` : ''}
        </button>
      </div>
      {showFilters && (
        <SearchFilters
          filters={filters}
          setFilters={setFilters}
          projects={(projects.data?.items ?? []).map((p) => p.name)}
        />
      )}
      {hasQuery && recent.recent !== null && filters.project === '' && (
        <PreferRecentToggle recent={recent.recent} on={recent.on} toggle={recent.toggle} />
      )}
      {res.error !== undefined && <ErrorBox error={res.error} onRetry={res.reload} />}
      {!hasQuery && <SearchHelp />}
      {hasQuery && res.loading && items.length === 0 && res.error === undefined && (
        <Loading label="Searching…" />
      )}
      {hasQuery && res.data && res.error === undefined && items.length === 0 && (
        <Empty title="No matches">
          <p>Try fewer words, another spelling, or clear the filters.</p>
        </Empty>
      )}
      {hasQuery && res.data && <SearchNote page={res.data} />}
      {items.length > 0 && (
        <ResultList id={listId} items={items} active={active} setActive={setActive} open={open} />
      )}
      {items.length > 0 && <MoreButton list={res} label="More results" />}
    </section>
  );
}
