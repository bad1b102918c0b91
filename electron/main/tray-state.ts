/**
 * What the tray icon shows, from the service's status: error (capture failing: service
 * unreachable, hooks missing or broken), warning (the API key was rejected: compression falls back
 * to the rules), paused, busy (compression queue backing up) or capturing.
 * Electron-free.
 */
export type TrayState = 'capturing' | 'paused' | 'error' | 'busy' | 'warning';

export interface TrayInput {
  /** Null when the service answered; otherwise why it could not be reached. */
  serviceError: string | null;
  paused: boolean;
  pausedUntil: number | null;
  queue: { pending: number; leased: number; failed: number; oldestPendingAgeMs?: number | null } | null;
  /** Null when hooks are installed and sound; otherwise what is wrong. */
  hooksProblem: string | null;
  importing: { filesDone: number; filesTotal: number } | null;
  /** Null (or absent) when the API key is fine or not set; otherwise what is wrong with it. */
  keyProblem?: string | null;
  now: number;
}

export interface TrayView {
  state: TrayState;
  tooltip: string;
}

/** A queue this long, or this old, counts as busy (one job per tool call is normal churn). */
export const BUSY_PENDING = 20;
const BUSY_AGE_MS = 5 * 60_000;

export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

export function trayState(i: TrayInput): TrayView {
  const extras: string[] = [];
  const q = i.queue;
  const waiting = q ? q.pending + q.leased : 0;
  if (q && waiting > 0) extras.push(`${waiting} queued`);
  if (q && q.failed > 0) extras.push(`${q.failed} failed`);
  if (i.importing) extras.push(`importing ${i.importing.filesDone}/${i.importing.filesTotal}`);
  const tail = extras.length > 0 ? ` · ${extras.join(' · ')}` : '';
  if (i.serviceError !== null)
    return { state: 'error', tooltip: `MemTray — service not reachable: ${i.serviceError}` };
  if (i.hooksProblem !== null)
    return { state: 'error', tooltip: `MemTray — not capturing: ${i.hooksProblem}${tail}` };
  if (i.keyProblem)
    return { state: 'warning', tooltip: `MemTray — ${i.keyProblem}: open Provider to fix it${tail}` };
  const timed = i.pausedUntil !== null && i.pausedUntil > i.now;
  if (timed)
    return { state: 'paused', tooltip: `MemTray — paused until ${formatClock(i.pausedUntil!)}${tail}` };
  if (i.paused) return { state: 'paused', tooltip: `MemTray — paused${tail}` };
  const age = q?.oldestPendingAgeMs ?? 0;
  if (q && (waiting >= BUSY_PENDING || age >= BUSY_AGE_MS || i.importing))
    return { state: 'busy', tooltip: `MemTray — capturing, catching up${tail}` };
  return { state: 'capturing', tooltip: `MemTray — capturing${tail}` };
}

/** The API key's state (`GET /api/provider/key`) as one problem line, or null when fine or unknown. */
export function keyProblem(k: { state: string } | null): string | null {
  if (!k) return null;
  if (k.state === 'invalid') return 'API key rejected (invalid or expired)';
  return null;
}

/** The hooks' state as one problem line, or null when they are installed and sound. */
export function hooksProblem(h: { installed: boolean; problems: string[] } | null): string | null {
  if (!h) return null;
  if (!h.installed) return 'Claude Code hooks are not installed';
  return h.problems.length > 0 ? h.problems[0]! : null;
}
