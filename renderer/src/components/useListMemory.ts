import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

interface Saved {
  top: number;
  focusKey: string | null;
}

function panel(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main.panel');
}

/**
 * A list that opens details in place: `remember()` before opening one keeps the list's scroll
 * position and the focused item (`data-return-key`); going back restores both, so Esc never drops
 * the focus to the page body and the list is where it was.
 */
export function useListMemory(detailOpen: boolean, fallbackFocus?: () => void): () => void {
  const saved = useRef<Saved | null>(null);
  const fallback = useRef(fallbackFocus);
  useEffect(() => {
    fallback.current = fallbackFocus;
  });
  const remember = useCallback((): void => {
    const el = document.activeElement;
    saved.current = {
      top: panel()?.scrollTop ?? 0,
      focusKey: el instanceof HTMLElement ? (el.dataset.returnKey ?? null) : null,
    };
  }, []);
  useLayoutEffect(() => {
    const p = panel();
    if (detailOpen) {
      if (p) p.scrollTop = 0;
      return;
    }
    const s = saved.current;
    if (!s) return;
    saved.current = null;
    if (p) p.scrollTop = s.top;
    const target = [...document.querySelectorAll<HTMLElement>('[data-return-key]')].find(
      (e) => e.dataset.returnKey === s.focusKey,
    );
    if (target) target.focus({ preventScroll: true });
    else fallback.current?.();
  }, [detailOpen]);
  return remember;
}
