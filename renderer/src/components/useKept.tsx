import {
  createContext,
  useCallback,
  useContext,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';

const Store = createContext<Map<string, unknown> | null>(null);

/** Holds what views keep while another view is shown (the app's lifetime; a reload starts afresh). */
export function KeptProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new Map<string, unknown>());
  return <Store.Provider value={store}>{children}</Store.Provider>;
}

/**
 * `useState` that outlives its view: switching tabs and back finds the value as it was left (a
 * search query, a filter). Outside a `KeptProvider` it is plain `useState`.
 */
export function useKept<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const store = useContext(Store);
  const [value, setValue] = useState<T>(() => (store?.has(key) ? (store.get(key) as T) : initial));
  const set = useCallback(
    (next: SetStateAction<T>): void =>
      setValue((prev) => {
        const v = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
        store?.set(key, v);
        return v;
      }),
    [store, key],
  );
  return [value, set];
}
