/**
 * Times as JavaScript can show them. A time past the date range (±8.64e15 ms) makes `new Date(ms)`
 * invalid, and formatting it throws ("Invalid time value"). Records from other machines are
 * checked against MAX_TIME when they arrive (contract/sync.ts); readers that format a stored time
 * go through `safeDate`, which clamps it into the range, so one bad row cannot break a search, a
 * page or an export.
 */
export const MAX_TIME = 8_640_000_000_000_000;

export function safeDate(ms: number): Date {
  return new Date(Number.isFinite(ms) ? Math.max(-MAX_TIME, Math.min(MAX_TIME, ms)) : 0);
}

/** The ISO form of a stored time (clamped into the date range). */
export const isoTime = (ms: number): string => safeDate(ms).toISOString();

const pad = (n: number): string => String(n).padStart(2, '0');

/** The local calendar day of a stored time, `YYYY-MM-DD` (clamped into the date range). */
export const localDay = (ms: number): string => {
  const d = safeDate(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
