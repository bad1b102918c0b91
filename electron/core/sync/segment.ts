/**
 * Segment files: `<folder>/memtray/<machine>/<name>.mseg`, written by that machine only, appended
 * to, never rewritten. One record per line: `<checksum> <json>\n`, the checksum being the first 16
 * hex digits of the SHA-256 of the JSON. The first line is the segment header (its random id tells
 * a replaced file from a grown one). A reader takes a file only up to its last complete line whose
 * checksum holds: a file a sync engine has copied halfway (torn mid-record, or with a hole) is read
 * up to there, and the rest once it is whole.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync } from 'node:fs';
import { z } from 'zod';
import { machineIdSchema } from '../../shared/contract/sync.js';
import { openRegular, readFully } from './safe-fs.js';

export const SEGMENT_EXT = '.mseg';
/** A line past this is refused (a record holds at most two 8 MiB fields). */
export const MAX_LINE = 24 * 1024 * 1024;

const segmentHeader = z.object({
  k: z.literal('segment'),
  v: z.literal(1),
  id: z.string().regex(/^[a-f0-9]{16,64}$/),
  machine: machineIdSchema,
  name: z.string().max(64),
  createdAt: z.number().int().nonnegative(),
});
export type SegmentHeader = z.infer<typeof segmentHeader>;

/** A peer's segment header, or why it is not one this machine reads. */
export function checkHeader(value: unknown, peer: string): SegmentHeader | string {
  const h = segmentHeader.safeParse(value);
  if (h.success) return h.data.machine === peer ? h.data : 'not a segment of this machine';
  const v = (value as { k?: unknown; v?: unknown } | null)?.v;
  if ((value as { k?: unknown } | null)?.k === 'segment' && typeof v === 'number' && v > 1)
    return `written by a newer MemTray (segment format ${Math.floor(v)}): update MemTray to read it`;
  return 'not a segment of this machine';
}

const checksum = (json: string): string => createHash('sha256').update(json).digest('hex').slice(0, 16);

export function encodeLine(value: unknown): string {
  const json = JSON.stringify(value);
  return `${checksum(json)} ${json}\n`;
}

export function newHeader(machine: string, name: string, now: number): SegmentHeader {
  return { k: 'segment', v: 1, id: randomBytes(8).toString('hex'), machine, name, createdAt: now };
}

/** `<time base36>-<random>.mseg`: names sort by creation. */
export function segmentName(now: number): string {
  return `${now.toString(36).padStart(9, '0')}-${randomBytes(3).toString('hex')}${SEGMENT_EXT}`;
}

export interface ReadLine {
  value: unknown;
  /** Byte offset just past this line: where the next read starts once it is applied. */
  end: number;
}

/** A line whose checksum or JSON does not hold: where it starts, and where the next line starts. */
export interface Damage {
  damagedAt: number;
  /** Just past the damaged line's newline; null when no newline follows within the line bound. */
  resumeAt: number | null;
}

export interface ReadResult {
  lines: ReadLine[];
  size: number;
  /** Why reading stopped before `size`: a torn tail (wait for more) or a damaged line. */
  stop: null | 'torn' | Damage;
}

/** Decodes one line (without its newline); null when the checksum or the JSON does not hold. */
function decodeLine(line: string): unknown {
  const sp = line.indexOf(' ');
  if (sp !== 16) return null;
  const json = line.slice(17);
  if (checksum(json) !== line.slice(0, 16)) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

/**
 * What a read may take: about `bytes` bytes and at most `lines` lines (no line is decoded past it);
 * a line longer than `maxLine` (at most MAX_LINE) is damaged.
 */
export interface ReadBudget {
  bytes: number;
  lines?: number;
  maxLine?: number;
}

/**
 * Reads complete, checksummed lines of an open file of `size` bytes from `offset`, within `budget`.
 * Memory is bounded by the budget and MAX_LINE whatever the file holds.
 */
export function readLinesAt(fd: number, size: number, offset: number, budget: ReadBudget): ReadResult {
  const lines: ReadLine[] = [];
  const maxLines = budget.lines ?? Infinity;
  let pos = offset;
  const maxLine = Math.min(budget.maxLine ?? MAX_LINE, MAX_LINE);
  let chunk = Math.min(Math.max(budget.bytes, 64 * 1024), maxLine);
  while (pos < size && pos - offset < budget.bytes && lines.length < maxLines) {
    const buf = Buffer.allocUnsafe(Math.min(chunk, size - pos));
    const data = buf.subarray(0, readFully(fd, buf, pos));
    // The file shrank under the read: what is left is a tail to wait for.
    if (data.length === 0) return { lines, size, stop: 'torn' };
    let start = 0;
    let nl = data.indexOf(10);
    if (nl === -1) {
      if (pos + data.length >= size) return { lines, size, stop: 'torn' };
      if (chunk >= maxLine) return { lines, size, stop: { damagedAt: pos, resumeAt: null } };
      chunk = Math.min(chunk * 4, maxLine);
      continue;
    }
    while (nl !== -1 && lines.length < maxLines) {
      const value = decodeLine(data.toString('utf8', start, nl));
      if (value === null) return { lines, size, stop: { damagedAt: pos + start, resumeAt: pos + nl + 1 } };
      lines.push({ value, end: pos + nl + 1 });
      start = nl + 1;
      nl = data.indexOf(10, start);
    }
    pos += start;
  }
  return { lines, size, stop: null };
}

/** readLinesAt on a file by path: a regular file only, never through a link (safe-fs.ts). */
export function readLines(
  file: string,
  offset: number,
  budget: ReadBudget = { bytes: 16 * 1024 * 1024 },
): ReadResult {
  const { fd, size } = openRegular(file);
  try {
    return readLinesAt(fd, size, offset, budget);
  } finally {
    closeSync(fd);
  }
}
