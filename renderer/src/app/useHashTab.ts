import { useCallback, useEffect, useState } from 'react';
import { useNavGuard } from '@/router/guard';

/**
 * The current view, kept in `location.hash`: read at start and on every `hashchange` (the tray
 * menu, the global shortcut and first run set the hash of an already loaded popup). Leaving a view
 * with unsaved edits asks first; a refused hash change is put back.
 */
export function useHashTab<T extends string>(ids: readonly T[], fallback: T): [T, (id: T) => boolean] {
  const guard = useNavGuard();
  const parse = useCallback((): T | null => {
    const h = location.hash.slice(1);
    return (ids as readonly string[]).includes(h) ? (h as T) : null;
  }, [ids]);
  const [tab, setTab] = useState<T>(() => parse() ?? fallback);

  useEffect(() => {
    const onHash = (): void => {
      const next = parse();
      if (next === null || next === tab) return;
      if (!guard.confirmLeave()) {
        history.replaceState(history.state, '', `#${tab}`);
        return;
      }
      setTab(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [guard, parse, tab]);

  const select = useCallback(
    (id: T): boolean => {
      if (id !== tab && !guard.confirmLeave()) return false;
      setTab(id);
      history.replaceState(history.state, '', `#${id}`);
      return true;
    },
    [guard, tab],
  );
  return [tab, select];
}
