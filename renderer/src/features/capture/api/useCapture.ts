import { useEffect, useRef, useState } from 'react';
import type { CaptureStatus, HooksState, PublicSettings, SettingsPatch } from '@shared/api';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { claudeCapture, type ClaudeCapture } from './captureState';

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
  /** What the service receives from Claude Code and where its hooks are; null until loaded. */
  claude: ClaudeCapture | null;
  status: CaptureStatus | undefined;
  now: number;
  settings: PublicSettings | undefined;
  hooks: HooksState | undefined;
  reload(): void;
}

/** Hooks installed or removed (`settings` with `hooks`) and every received event change the status. */
const statusEvent = (ev: { name: string }): boolean => ev.name === 'settings' || ev.name === 'event';

/** A clock that ticks every `ms`, so "receiving" turns quiet without any event. */
function useNow(ms: number): [number, (n: number) => void] {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return [now, setNow];
}

/**
 * Whether anything is being stored right now: the global pause (with its end), the hooks wherever
 * they are, and what the service actually receives. Reloads on `settings` and `event` live events
 * and every 30 s (a hooks file another program wrote); a timed pause ends on its own with one timer
 * set for its end.
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
    250,
  );
  const status = useResource(() => api.getCaptureStatus(), 'capture-status', statusEvent, 1000);
  const s = settings.data;
  const [now, setNow] = useNow(30_000);
  const reloadStatus = status.reload;
  const ticks = useRef(0);
  useEffect(() => {
    if (ticks.current++ > 0) reloadStatus();
  }, [now, reloadStatus]);
  const until = s && !s.paused && s.pausedUntil !== null && s.pausedUntil > now ? s.pausedUntil : null;
  useEffect(() => {
    if (until === null) return;
    const t = setTimeout(() => setNow(Date.now()), Math.min(until - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(t);
  }, [until, setNow]);
  return {
    paused: s ? s.paused || until !== null : null,
    until,
    claude: status.data ? claudeCapture(status.data, now) : null,
    status: status.data,
    now,
    settings: s,
    hooks: hooks.data,
    reload: () => {
      setNow(Date.now());
      settings.reload();
      hooks.reload();
    },
  };
}
