import { useEffect, useState } from 'react';
import type { HooksState, PublicSettings, SettingsPatch } from '../../../../../electron/shared/api';
import { useApi } from '../../../api/context';
import { useResource } from '../../../api/resource';

export type PauseChoice = 'hour' | 'tomorrow' | 'resumed' | 'resume';

/** The settings patch for a pause choice, as the tray menu writes it (electron/main/pause.ts). */
export function pausePatch(choice: PauseChoice, now: number = Date.now()): SettingsPatch {
  if (choice === 'hour') return { paused: false, pausedUntil: now + 3_600_000 };
  if (choice === 'tomorrow') {
    const t = new Date(now);
    t.setDate(t.getDate() + 1);
    t.setHours(8, 0, 0, 0);
    return { paused: false, pausedUntil: t.getTime() };
  }
  if (choice === 'resumed') return { paused: true, pausedUntil: null };
  return { paused: false, pausedUntil: null };
}

export interface CaptureState {
  /** null until loaded. */
  paused: boolean | null;
  /** End of a timed pause (ms epoch), null when untimed or not paused. */
  until: number | null;
  /** False when Claude Code's hooks are known to be missing. */
  hooksInstalled: boolean | null;
  settings: PublicSettings | undefined;
  hooks: HooksState | undefined;
  reload(): void;
}

/**
 * Whether anything is being stored right now: the global pause (with its end) and the hooks. Reloads
 * on `settings` events; a timed pause ends on its own with one timer set for its end, not a poll.
 */
export function useCapture(): CaptureState {
  const api = useApi();
  const settings = useResource(
    () => api.getSettings(),
    'settings',
    (ev) => ev.name === 'settings',
    100,
  );
  const hooks = useResource(
    () => api.getHooks(),
    'hooks',
    (ev) => ev.name === 'settings',
    1000,
  );
  const s = settings.data;
  const [now, setNow] = useState(() => Date.now());
  const until = s && !s.paused && s.pausedUntil !== null && s.pausedUntil > now ? s.pausedUntil : null;
  useEffect(() => {
    if (until === null) return;
    const t = setTimeout(() => setNow(Date.now()), Math.min(until - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(t);
  }, [until]);
  return {
    paused: s ? s.paused || until !== null : null,
    until,
    hooksInstalled: hooks.data ? hooks.data.installed : null,
    settings: s,
    hooks: hooks.data,
    reload: () => {
      setNow(Date.now());
      settings.reload();
      hooks.reload();
    },
  };
}
