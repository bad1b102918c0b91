/** Pause capture for an hour / until resumed, and when a timed pause ends. Electron-free. */
import type { SettingsPatch } from '../shared/api.js';

type PauseChoice = '1h' | 'untilResumed' | 'resume';

export const HOUR_MS = 60 * 60_000;

export function pausePatch(choice: PauseChoice, now: number): SettingsPatch {
  switch (choice) {
    case '1h':
      return { paused: false, pausedUntil: now + HOUR_MS };
    case 'untilResumed':
      return { paused: true, pausedUntil: null };
    case 'resume':
      return { paused: false, pausedUntil: null };
  }
}

export function isPaused(s: { paused: boolean; pausedUntil: number | null }, now: number): boolean {
  return s.paused || (s.pausedUntil !== null && s.pausedUntil > now);
}

/** Milliseconds until a timed pause ends (so the tray can flip back), or null if none is running. */
export function msUntilPauseEnds(
  s: { paused: boolean; pausedUntil: number | null },
  now: number,
): number | null {
  if (s.paused || s.pausedUntil === null || s.pausedUntil <= now) return null;
  return s.pausedUntil - now;
}
