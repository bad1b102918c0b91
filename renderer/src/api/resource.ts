import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '@shared/api';
import { useLive, useReconnects } from './context';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/**
 * Loads `load()` when `key` changes, and again (coalesced, at most every `throttleMs`) whenever a
 * live event passes `reloadOn`, and after the live stream reconnects from an outage. Keeps showing the last data while reloading; errors are returned,
 * never thrown, so views render them inline.
 */
export function useResource<T>(
  load: () => Promise<T>,
  key: string,
  reloadOn?: (ev: LiveEvent) => boolean,
  throttleMs = 250,
): Resource<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const run = useCallback(() => {
    const mine = ++seq.current;
    loadRef.current().then(
      (data) => {
        if (mine === seq.current) setState({ data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (mine === seq.current) setState((s) => ({ data: s.data, error, loading: false }));
      },
    );
  }, []);

  // A new key starts from scratch (adjusting state during render, not in an effect).
  const [prevKey, setPrevKey] = useState(key);
  if (prevKey !== key) {
    setPrevKey(key);
    setState({ data: undefined, error: undefined, loading: true });
  }
  useEffect(() => {
    run();
  }, [key, run]);

  // Back from an outage: load again (the first connect is not a reconnect: `reconnects` is 0).
  const reconnects = useReconnects();
  useEffect(() => {
    if (reconnects > 0) run();
  }, [reconnects, run]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useLive((ev) => {
    if (!reloadOn || !reloadOn(ev) || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      run();
    }, throttleMs);
  });

  return { ...state, reload: run };
}
