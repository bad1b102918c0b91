import { useRef, useState, type KeyboardEvent } from 'react';
import { useLiveStatus } from './api/context';
import { HealthView } from './views/Health';
import { PrivacyView } from './views/Privacy';
import { ProjectsView } from './views/Projects';
import { ProviderView } from './views/Provider';
import { SearchView } from './views/Search';
import { SessionsView } from './views/Sessions';

export const TABS = [
  { id: 'search', label: 'Search', View: SearchView },
  { id: 'sessions', label: 'Sessions', View: SessionsView },
  { id: 'projects', label: 'Projects', View: ProjectsView },
  { id: 'privacy', label: 'Privacy', View: PrivacyView },
  { id: 'provider', label: 'Provider', View: ProviderView },
  { id: 'health', label: 'Health', View: HealthView },
] as const;
export type TabId = (typeof TABS)[number]['id'];

function initialTab(): TabId {
  const h = typeof location !== 'undefined' ? location.hash.slice(1) : '';
  return TABS.some((t) => t.id === h) ? (h as TabId) : 'search';
}

export function App() {
  const [tab, setTab] = useState<TabId>(initialTab);
  const live = useLiveStatus();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const select = (id: TabId, focus = false): void => {
    setTab(id);
    if (typeof history !== 'undefined') history.replaceState(history.state, '', `#${id}`);
    if (focus) refs.current[TABS.findIndex((t) => t.id === id)]?.focus();
  };
  const onKey = (e: KeyboardEvent, i: number): void => {
    const n = TABS.length;
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    select(TABS[to]!.id, true);
  };
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  return (
    <div className="app">
      <header className="top">
        <h1>
          <span className="logo" aria-hidden="true" />
          MemTray
        </h1>
        <span className={`live live-${live}`} role="status" title={`Live updates: ${live}`}>
          <span className="dot" aria-hidden="true" />
          {live === 'live' ? 'Live' : live === 'connecting' ? 'Connecting…' : 'Offline'}
        </span>
      </header>
      <nav className="tabs" role="tablist" aria-label="Views">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={t.id === tab}
            aria-controls={`panel-${t.id}`}
            tabIndex={t.id === tab ? 0 : -1}
            onClick={() => select(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </nav>
      <main
        id={`panel-${current.id}`}
        role="tabpanel"
        aria-labelledby={`tab-${current.id}`}
        className="panel"
      >
        <current.View key={current.id} />
      </main>
    </div>
  );
}
