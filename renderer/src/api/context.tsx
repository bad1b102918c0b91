import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { LiveEvent, LiveStatus, MemTrayApi } from '../../../electron/shared/api';

type Listener = (ev: LiveEvent) => void;

interface Hub {
  api: MemTrayApi;
  on(fn: Listener): () => void;
  status: LiveStatus;
}

const Ctx = createContext<Hub | null>(null);

/** Provides the API and one shared live stream (one SSE connection fanned out to every view). */
export function ApiProvider({ api, children }: { api: MemTrayApi; children: ReactNode }) {
  const listeners = useRef(new Set<Listener>());
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    const set = listeners.current;
    return api.subscribe(
      (ev) => {
        for (const fn of set) fn(ev);
      },
      (s) => setStatus(s),
    );
  }, [api]);
  const hub: Hub = {
    api,
    status,
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

/** Calls `handler` for every live event (the latest handler; no resubscribe per render). */
export function useLive(handler: Listener): void {
  const hub = useHub();
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => hub.on((ev) => ref.current(ev)), [hub]);
}
