import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { LiveEvent, LiveStatus, MemTrayApi } from '@shared/api';

type Listener = (ev: LiveEvent) => void;

interface Hub {
  api: MemTrayApi;
  on(fn: Listener): () => void;
  status: LiveStatus;
  /** Bumped each time the stream comes back after an outage: every resource reloads on it. */
  reconnects: number;
}

const Ctx = createContext<Hub | null>(null);

/** Provides the API and one shared live stream (one SSE connection fanned out to every view). */
export function ApiProvider({ api, children }: { api: MemTrayApi; children: ReactNode }) {
  const listeners = useRef(new Set<Listener>());
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [reconnects, setReconnects] = useState(0);
  useEffect(() => {
    const set = listeners.current;
    // A `live` after anything else but the first connect means the service was away: what happened
    // meanwhile is missing from every panel, so they all reload.
    let last: LiveStatus | null = null;
    let wasLive = false;
    return api.subscribe(
      (ev) => {
        for (const fn of set) fn(ev);
      },
      (s) => {
        if (s === 'live' && last !== 'live' && wasLive) setReconnects((n) => n + 1);
        if (s === 'live') wasLive = true;
        last = s;
        setStatus(s);
      },
    );
  }, [api]);
  const hub: Hub = {
    api,
    status,
    reconnects,
    on(fn) {
      listeners.current.add(fn);
      return () => listeners.current.delete(fn);
    },
  };
  return <Ctx.Provider value={hub}>{children}</Ctx.Provider>;
}

function useHub(): Hub {
  const hub = useContext(Ctx);
  if (!hub) throw new Error('ApiProvider missing');
  return hub;
}

export const useApi = (): MemTrayApi => useHub().api;
export const useLiveStatus = (): LiveStatus => useHub().status;
export const useReconnects = (): number => useHub().reconnects;

/** Calls `handler` for every live event (the latest handler; no resubscribe per render). */
export function useLive(handler: Listener): void {
  const hub = useHub();
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => hub.on((ev) => ref.current(ev)), [hub]);
}
