import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLiveStatus } from '@/api/context';
import { KeptProvider } from '@/components/useKept';
import { CaptureBanner, useCapture } from '@/features/capture';
import { RecentView } from '@/features/recent';
import type { Route as Address } from '@/router/hash';
import { useHashTab } from '@/app/useHashTab';
import { LiveBadge } from '@/app/LiveBadge';
import { useSlashOpensSearch } from '@/app/useSlashSearch';
import { SETTINGS_SECTIONS, SettingsView, type SettingsSection } from '@/features/settings';
import { HEALTH_SECTIONS, HealthView, type HealthSection } from '@/features/health';
import { ProjectsView } from '@/features/projects';
import { SearchView } from '@/features/search';
import { SessionsView } from '@/features/sessions';

/** One row of views at 420 px: the settings and Health's logs are sections inside their views. */
export const TABS = [
  { id: 'recent', label: 'Recent' },
  { id: 'search', label: 'Search' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'projects', label: 'Projects' },
  { id: 'settings', label: 'Settings' },
  { id: 'health', label: 'Health' },
] as const;
export type TabId = (typeof TABS)[number]['id'];
const TAB_IDS: readonly TabId[] = TABS.map((t) => t.id);
/** Every address the hash can hold: a view, or a section of Settings or Health (#privacy, #logs). */
type Route = TabId | SettingsSection | HealthSection;
const ROUTES: readonly Route[] = [
  ...TAB_IDS,
  ...SETTINGS_SECTIONS.map((s) => s.id),
  ...HEALTH_SECTIONS.map((s) => s.id),
];
const isSettings = (r: Route): r is SettingsSection => SETTINGS_SECTIONS.some((s) => s.id === r);
const tabOf = (r: Route): TabId => (isSettings(r) ? 'settings' : r === 'logs' ? 'health' : (r as TabId));
/** The views that open details in place; a detail's address shown elsewhere opens it in Recent. */
const LISTS: readonly Route[] = ['recent', 'search', 'sessions'];

/**
 * The view an address shows: `#search` or `#/search?q=…`; a detail (`#/observation/12`) in the list
 * on screen, or in Recent; null (stay) for an address the app does not know.
 */
function routeOf(a: Address, current: Route | null): Route | null {
  if (a.detail) return current !== null && LISTS.includes(current) ? current : 'recent';
  return ROUTES.find((r) => r === a.view) ?? null;
}

function TabView({ route, go }: { route: Route; go: (r: Route) => void }) {
  switch (tabOf(route)) {
    case 'recent':
      return <RecentView />;
    case 'search':
      return <SearchView />;
    case 'sessions':
      return <SessionsView />;
    case 'projects':
      return <ProjectsView />;
    case 'settings':
      return <SettingsView section={isSettings(route) ? route : 'privacy'} onSection={go} />;
    case 'health':
      return <HealthView section={route === 'logs' ? 'logs' : 'health'} onSection={go} />;
  }
}

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
  const [route, select] = useHashTab(routeOf, 'recent');
  const tab = tabOf(route);
  // Back to Settings or Health opens the section last shown there.
  const [last, setLast] = useState<Partial<Record<TabId, Route>>>({});
  if (route !== tab && last[tab] !== route) setLast({ ...last, [tab]: route });
  const live = useLiveStatus();
  const capture = useCapture();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  useEscHidesPopup();
  const go = (id: TabId, focus = false): void => {
    if (select(id === tab ? route : (last[id] ?? (id === 'settings' ? 'privacy' : id))) && focus)
      refs.current[TAB_IDS.indexOf(id)]?.focus();
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
    <KeptProvider>
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
        <CaptureBanner capture={capture} onOpenHealth={() => select('health')} />
        <main
          id={`panel-${current.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${current.id}`}
          className="panel"
        >
          <TabView key={current.id} route={route} go={select} />
        </main>
      </div>
    </KeptProvider>
  );
}
