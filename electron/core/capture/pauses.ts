/**
 * Remembers when capture was paused (`<dataDir>/capture-pauses.json`), so transcript
 * reconciliation never recovers what happened while the user had capture paused.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from '../core.js';

type Window = [from: number, to: number | null];

export class PauseLog {
  private windows: Window[];
  private readonly file: string;

  constructor(private readonly core: Core) {
    this.file = join(core.paths.root, 'capture-pauses.json');
    this.windows = load(this.file);
    this.refresh();
  }

  /** Call when settings change (and before using `pausedAt`). */
  refresh(): void {
    const now = this.core.clock();
    const s = this.core.settings.get();
    const paused = this.core.settings.isPaused(now);
    const open = this.windows.at(-1);
    const isOpen = open !== undefined && open[1] === null;
    if (paused && !isOpen) this.windows.push([now, null]);
    else if (!paused && isOpen) {
      open[1] =
        s.pausedUntil !== null && s.pausedUntil < now && s.pausedUntil > open[0] ? s.pausedUntil : now;
    } else return;
    this.windows = this.windows.slice(-500);
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.windows), { mode: 0o600 });
    renameSync(tmp, this.file);
  }

  pausedAt = (at: number): boolean => {
    this.refresh();
    return this.windows.some(([from, to]) => at >= from && (to === null || at <= to));
  };
}

function load(file: string): Window[] {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!Array.isArray(v)) return [];
    return v.filter(
      (w): w is Window =>
        Array.isArray(w) && typeof w[0] === 'number' && (w[1] === null || typeof w[1] === 'number'),
    );
  } catch {
    return [];
  }
}
