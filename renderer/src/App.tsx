import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { useLiveStatus } from './api/context';
import { useCapture } from './features/capture/api/useCapture';
import { ContextView } from './features/context/components/ContextView';
import { LogsView } from './features/logs/components/LogsView';
import { RecentView } from './features/recent/components/RecentView';
import { CaptureBanner } from './features/capture/components/CaptureBanner';
import { useHashTab } from './features/nav/useHashTab';
import { LiveBadge } from './features/nav/LiveBadge';
import { useSlashOpensSearch } from './features/nav/useSlashSearch';
import { HealthView } from './views/Health';
import { PrivacyView } from './views/Privacy';
import { ProjectsView } from './views/Projects';
import { ProviderView } from './views/Provider';
import { SearchView } from './views/Search';
import { SessionsView } from './views/Sessions';

export const TABS = [
  { id: 'recent', label: 'Recent', View: RecentView },
  { id: 'search', label: 'Search', View: SearchView },
  { id: 'sessions', label: 'Sessions', View: SessionsView },
  { id: 'projects', label: 'Projects', View: ProjectsView },
  { id: 'context', label: 'Context', View: ContextView },
  { id: 'privacy', label: 'Privacy', View: PrivacyView },
  { id: 'provider', label: 'Provider', View: ProviderView },
  { id: 'health', label: 'Health', View: HealthView },
  { id: 'logs', label: 'Logs', View: LogsView },
] as const;
export type TabId = (typeof TABS)[number]['id'];
const TAB_IDS: readonly TabId[] = TABS.map((t) => t.id);

/** In the Electron popup, an Esc nobody handled hides it (main turns `close` into `hide`). */
function useEscHidesPopup(): void {
  useEffect(() => {
    if (!window.memtray) return;
    const onKey = (e: globalThis.KeyboardEvent): void => {
      if (e.key === 'Escape' && !e.defaultPrevented) window.close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function App() {
  const [tab, select] = useHashTab(TAB_IDS, 'recent');
  const live = useLiveStatus();
  const capture = useCapture();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  useEscHidesPopup();
  const go = (id: TabId, focus = false): void => {
    if (select(id) && focus) refs.current[TAB_IDS.indexOf(id)]?.focus();
  };
  useSlashOpensSearch(
    useCallback(() => {
      select('search');
      // Already on Search (its box mounted with autoFocus otherwise): back into the box.
      document.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
    }, [select]),
  );
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
    go(TABS[to]!.id, true);
  };
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  return (
    <div className="app">
      <header className="top">
        <h1>
          <span className="logo" aria-hidden="true" />
          MemTray
        </h1>
        <LiveBadge live={live} paused={capture.paused === true} />
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
            onClick={() => go(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </nav>
      <CaptureBanner capture={capture} onOpenHealth={() => go('health')} />
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
