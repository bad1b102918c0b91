import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/** What leaving a view would lose: a message per view with unsaved edits. */
interface Guard {
  set(owner: string, message: string | null): void;
  /** True when nothing is unsaved, or the user agrees to drop it. */
  confirmLeave(): boolean;
}

const Ctx = createContext<Guard | null>(null);

export type Confirm = (message: string) => boolean;

/**
 * Holds the unsaved-changes flags of the mounted views. Switching tabs (click, keyboard, `#hash`
 * from the tray) asks first while one is set; closing the page does too (`beforeunload`).
 */
export function NavGuardProvider({
  children,
  confirm = (m) => window.confirm(m),
}: {
  children: ReactNode;
  confirm?: Confirm;
}) {
  const ask = useRef(confirm);
  useEffect(() => {
    ask.current = confirm;
  });
  const [dirty] = useState(() => new Map<string, string>());
  const [guard] = useState<Guard>(() => ({
    set(owner, message) {
      if (message === null) dirty.delete(owner);
      else dirty.set(owner, message);
    },
    confirmLeave() {
      const first = dirty.values().next();
      if (first.done) return true;
      const ok = ask.current(first.value);
      if (ok) dirty.clear();
      return ok;
    },
  }));
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent): void => {
      if (dirty.size > 0) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  return <Ctx.Provider value={guard}>{children}</Ctx.Provider>;
}

/** The app's guard (a permissive one outside a provider, e.g. a view rendered alone in a test). */
export function useNavGuard(): Guard {
  return useContext(Ctx) ?? { set: () => {}, confirmLeave: () => true };
}

/** Marks `owner` as holding unsaved edits while `dirty` is true. */
export function useUnsaved(owner: string, dirty: boolean, message: string): void {
  const guard = useNavGuard();
  useEffect(() => {
    guard.set(owner, dirty ? message : null);
    return () => guard.set(owner, null);
  }, [guard, owner, dirty, message]);
}
