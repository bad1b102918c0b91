import { useState } from 'react';

export interface Save {
  busy: boolean;
  error: unknown;
  saved: boolean;
  run(p: () => Promise<unknown>): void;
  reset(): void;
}

/** State of one save action: busy, error, and a "saved" flag until the next edit. */
export function useSave(): Save {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [saved, setSaved] = useState(false);
  return {
    busy,
    error,
    saved,
    run(p) {
      setBusy(true);
      setError(undefined);
      setSaved(false);
      p().then(
        () => {
          setBusy(false);
          setSaved(true);
        },
        (e: unknown) => {
          setBusy(false);
          setError(e);
        },
      );
    },
    reset() {
      setSaved(false);
      setError(undefined);
    },
  };
}
