import { useMemo, useSyncExternalStore } from 'react';

/** A record a list opens in place: an observation or a session, by id. */
export interface Detail {
  kind: 'observation' | 'session';
  id: number;
}

/**
 * What `location.hash` addresses: a view or a section (`#search`, `#/search?q=auth`, `#privacy`)
 * with its parameters, or a detail (`#/observation/12`, `#/session/3`).
 */
export interface Route {
  view: string | null;
  detail: Detail | null;
  params: URLSearchParams;
}

const DETAIL = /^(observation|session)\/(\d+)$/;

export function parseHash(hash: string): Route {
  const h = hash.replace(/^#\/?/, '');
  const q = h.indexOf('?');
  const path = q < 0 ? h : h.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : h.slice(q + 1));
  const m = DETAIL.exec(path);
  if (m) return { view: null, detail: { kind: m[1] as Detail['kind'], id: Number(m[2]) }, params };
  return { view: path === '' || path.includes('/') ? null : path, detail: null, params };
}

export const detailHash = (d: Detail): string => `#/${d.kind}/${d.id}`;

const listeners = new Set<() => void>();

/** Calls `onChange` on every hash change, the browser's (`hashchange`) or `setHash`'s. */
export function subscribeHash(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('hashchange', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('hashchange', onChange);
  };
}

/**
 * Puts `hash` in the address bar and tells every reader. The entry is replaced, not pushed (the
 * popup has no back button; Back and Esc are the app's); `state` rides along in `history.state`.
 */
export function setHash(hash: string, state: unknown = history.state): void {
  history.replaceState(state, '', hash);
  for (const l of [...listeners]) l();
}

/** The current route: read from `location.hash`, again on every `hashchange` and `setHash`. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribeHash, () => location.hash);
  return useMemo(() => parseHash(hash), [hash]);
}
