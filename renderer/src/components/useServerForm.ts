import { useState } from 'react';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A form's values, seeded from the server's. Settings are read again after any save or event, so a
 * new copy arrives while the user may be typing: the same values change nothing, other values
 * replace the form's only while the user has not edited it (an edit in progress is never wiped).
 */
export function useServerForm<T>(server: T): [T, (next: T) => void] {
  const [form, setForm] = useState(server);
  const [base, setBase] = useState(server);
  if (!same(server, base)) {
    setBase(server);
    if (same(form, base)) setForm(server);
  }
  return [form, setForm];
}
