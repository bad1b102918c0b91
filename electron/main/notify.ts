/**
 * Native notifications when capture keeps failing, rate-limited: a failure kind must repeat
 * `threshold` times within `windowMs` before it notifies, and each kind notifies at most once per
 * `minIntervalMs`. A success clears the streak. Electron-free.
 */
type FailureKind = 'service' | 'hooks' | 'import';

export interface Notice {
  kind: FailureKind;
  title: string;
  body: string;
}

interface FailureWatchOptions {
  threshold?: number;
  windowMs?: number;
  minIntervalMs?: number;
}

const TITLES: Record<FailureKind, string> = {
  service: 'MemTray cannot reach its service',
  hooks: 'MemTray is not capturing',
  import: 'MemTray history import failed',
};

export class FailureWatch {
  private readonly streaks = new Map<FailureKind, number[]>();
  private readonly lastNotified = new Map<FailureKind, number>();
  private readonly threshold: number;
  private readonly windowMs: number;
  private readonly minIntervalMs: number;

  constructor(opts: FailureWatchOptions = {}) {
    this.threshold = opts.threshold ?? 3;
    this.windowMs = opts.windowMs ?? 10 * 60_000;
    this.minIntervalMs = opts.minIntervalMs ?? 60 * 60_000;
  }

  /** Records one failure; returns the notice to show, or null (not yet persistent, or rate-limited). */
  failure(kind: FailureKind, message: string, now: number): Notice | null {
    const times = (this.streaks.get(kind) ?? []).filter((t) => now - t < this.windowMs);
    times.push(now);
    this.streaks.set(kind, times);
    // A failed import is one event, not a streak: it notifies at once.
    if (times.length < (kind === 'import' ? 1 : this.threshold)) return null;
    const last = this.lastNotified.get(kind);
    if (last !== undefined && now - last < this.minIntervalMs) return null;
    this.lastNotified.set(kind, now);
    return { kind, title: TITLES[kind], body: message.slice(0, 240) };
  }

  success(kind: FailureKind): void {
    this.streaks.delete(kind);
  }
}
