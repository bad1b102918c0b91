import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Page, SearchHit } from '@shared/api';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, Empty, ErrorBox, Highlight, Loading } from '@/components/ui';
import { useDebounced } from '@/components/useDebounced';
import { useKept } from '@/components/useKept';
import { useListMemory } from '@/components/useListMemory';
import { Time } from '@/components/Time';
import { PreferRecentToggle, searchQuery, usePreferRecent } from './PreferRecent';
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
  const [active, setActive] = useState(0);
  const { detail, open: openDetail } = useDrilldown();
  const [more, setMore] = useState<SearchHit[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const projects = useResource(() => api.listProjects(), 'projects');
  const recent = usePreferRecent(projects.data?.items ?? [], filters);
  // Debounce a string (a fresh object every render would never settle).
  const queryKey = useDebounced(
    JSON.stringify({ q: q.trim(), ...filters, prefer: recent.prefer }),
    debounceMs,
  );
  const query = JSON.parse(queryKey) as Filters & { q: string; prefer: string | null };
  const activeFilters = Object.values(filters).filter((v) => v !== '').length;
  const hasQuery =
    query.q !== '' || query.project + query.agent + query.type + query.since + query.file !== '';

  const res = useResource<Page<SearchHit, string> | null>(
    () => {
      if (!hasQuery) return Promise.resolve(null);
      return api.search(searchQuery(query));
    },
    queryKey,
    (ev) =>
      hasQuery &&
      (ev.name === 'summary' ||
        ev.name === 'observation' ||
        (ev.name === 'session' && ev.data.status === 'deleted')),
    1500,
  );
  const items = [...(res.data?.items ?? []), ...more];

  const [prevQuery, setPrevQuery] = useState(queryKey);
  if (prevQuery !== queryKey) {
    setPrevQuery(queryKey);
    setActive(0);
    setMore([]);
    setCursor(null);
  }
  const nextCursor = cursor ?? res.data?.nextCursor ?? null;

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

  if (detail) return <Drilldown detail={detail} list="search" />;

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
      {!hasQuery && (
        <Empty title="Search everything Claude Code did">
          <p>
            Type a word, a file name or an error. Use <kbd>↑</kbd> <kbd>↓</kbd> and <kbd>Enter</kbd> to open a
            result, <kbd>Esc</kbd> to come back.
          </p>
          <p className="muted small">
            Nothing recorded yet? <a href="#health">Install Claude Code's hooks in Health</a>, or import your
            past transcripts from there.
          </p>
        </Empty>
      )}
      {hasQuery && res.loading && items.length === 0 && res.error === undefined && (
        <Loading label="Searching…" />
      )}
      {hasQuery && res.data && res.error === undefined && items.length === 0 && (
        <Empty title="No matches">
          <p>Try fewer words, another spelling, or clear the filters.</p>
        </Empty>
      )}
      {items.length > 0 && (
        <ul id={listId} role="listbox" aria-label="Results" className="results">
          {items.map((h, i) => (
            <li
              key={`${h.kind}-${h.id}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : ''}
              onMouseEnter={() => setActive(i)}
              onClick={() => open(h)}
            >
              <div className="result-head">
                <Chip tone={h.kind === 'summary' ? 'info' : undefined}>{h.type ?? h.kind}</Chip>
                <span className="result-title" title={h.title}>
                  {h.title}
                </span>
              </div>
              <p className="snippet">
                <Highlight text={h.snippet} />
              </p>
              <p className="meta">
                {h.project} · {h.agent !== 'claude-code' && <Chip>{h.agent}</Chip>} <Time ms={h.createdAt} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {nextCursor && items.length > 0 && (
        <button
          type="button"
          className="more"
          onClick={() => {
            api.search(searchQuery(query, nextCursor)).then(
              (p) => {
                setMore((m) => [...m, ...p.items]);
                setCursor(p.nextCursor ?? '');
              },
              () => setCursor(''),
            );
          }}
        >
          More results
        </button>
      )}
    </section>
  );
}
