import { safeDate } from '@shared/time';

/** "3 min ago", "2 h ago", "Mar 4" — compact times for a small popup. */
export function ago(ms: number | null | undefined, now: number = Date.now()): string {
  if (ms === null || ms === undefined) return 'never';
  const s = Math.round((now - ms) / 1000);
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  if (s < 7 * 86_400) return `${Math.round(s / 86_400)} d ago`;
  return safeDate(ms).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "Mar 4, 14:05"; with the year when it is not this year's (an old session is never ambiguous). */
export function dateTime(ms: number, now: number = Date.now()): string {
  const d = safeDate(ms);
  return d.toLocaleString(undefined, {
    ...(d.getFullYear() !== new Date(now).getFullYear() ? { year: 'numeric' } : {}),
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function num(n: number): string {
  return n.toLocaleString('en-US');
}

export function duration(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  const h = Math.floor(s / 3600);
  return h < 48 ? `${h}h ${Math.floor((s % 3600) / 60)}m` : `${Math.floor(h / 24)}d ${h % 24}h`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${num(n)} ${n === 1 ? one : many}`;
}

const MiB = 1024 * 1024;
export const size = (b: number): string =>
  b >= 1024 * MiB ? `${(b / 1024 / MiB).toFixed(1)} GiB` : `${(b / MiB).toFixed(1)} MiB`;
