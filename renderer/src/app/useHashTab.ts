import { useCallback, useEffect, useState } from 'react';
import { useNavGuard } from '@/router/guard';
import { parseHash, setHash, subscribeHash, type Route } from '@/router/hash';

/**
 * The current view, kept in `location.hash`: read at start and on every hash change (the tray
 * menu, the global shortcut and first run set the hash of an already loaded popup). `parse` maps a
 * route to a view, or to null for an address that leaves the view as it is. Leaving a view with
 * unsaved edits asks first; a refused hash change is put back.
 */
export function useHashTab<T extends string>(
  parse: (route: Route, current: T | null) => T | null,
  fallback: T,
): [T, (id: T) => boolean] {
  const guard = useNavGuard();
  const [tab, setTab] = useState<T>(() => parse(parseHash(location.hash), null) ?? fallback);

  useEffect(() => {
    const onHash = (): void => {
      const next = parse(parseHash(location.hash), tab);
      if (next === null || next === tab) return;
      if (!guard.confirmLeave()) {
        setHash(`#${tab}`);
        return;
      }
      setTab(next);
    };
    return subscribeHash(onHash);
  }, [guard, parse, tab]);

  const select = useCallback(
    (id: T): boolean => {
      if (id !== tab && !guard.confirmLeave()) return false;
      setTab(id);
      setHash(`#${id}`);
      return true;
    },
    [guard, tab],
  );
  return [tab, select];
}
