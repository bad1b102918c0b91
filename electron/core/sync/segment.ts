/**
 * Segment files: `<folder>/memtray/<machine>/<name>.mseg`, written by that machine only, appended
 * to, never rewritten. One record per line: `<checksum> <json>\n`, the checksum being the first 16
 * hex digits of the SHA-256 of the JSON. The first line is the segment header (its random id tells
 * a replaced file from a grown one). A reader takes a file only up to its last complete line whose
 * checksum holds: a file a sync engine has copied halfway (torn mid-record, or with a hole) is read
 * up to there, and the rest once it is whole.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { z } from 'zod';
import { machineIdSchema } from '../../shared/contract/sync.js';

export const SEGMENT_EXT = '.mseg';
/** A line past this is refused (a record holds at most two 8 MiB fields). */
export const MAX_LINE = 24 * 1024 * 1024;

export const segmentHeader = z.object({
  k: z.literal('segment'),
  v: z.literal(1),
  id: z.string().regex(/^[a-f0-9]{16,64}$/),
  machine: machineIdSchema,
  name: z.string().max(64),
  createdAt: z.number().int().nonnegative(),
});
export type SegmentHeader = z.infer<typeof segmentHeader>;

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

export interface ReadResult {
  lines: ReadLine[];
  size: number;
  /** Why reading stopped before `size`: a torn tail (wait for more) or a damaged line. */
  stop: null | 'torn' | { damagedAt: number };
}

/** Decodes one line (without its newline); null when the checksum or the JSON does not hold. */
export function decodeLine(line: string): unknown {
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

/** Reads complete, checksummed lines from `offset`, at most about `budget` bytes of them. */
export function readLines(file: string, offset: number, budget = 16 * 1024 * 1024): ReadResult {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const lines: ReadLine[] = [];
    let pos = offset;
    let chunk = Math.min(Math.max(budget, 64 * 1024), MAX_LINE);
    while (pos < size && pos - offset < budget) {
      const want = Math.min(chunk, size - pos);
      const buf = Buffer.allocUnsafe(want);
      const got = readSync(fd, buf, 0, want, pos);
      const data = buf.subarray(0, got);
      let start = 0;
      let nl = data.indexOf(10);
      if (nl === -1) {
        if (pos + got >= size) return { lines, size, stop: 'torn' };
        if (chunk >= MAX_LINE) return { lines, size, stop: { damagedAt: pos } };
        chunk = Math.min(chunk * 4, MAX_LINE);
        continue;
      }
      while (nl !== -1) {
        const value = decodeLine(data.toString('utf8', start, nl));
        if (value === null) return { lines, size, stop: { damagedAt: pos + start } };
        lines.push({ value, end: pos + nl + 1 });
        start = nl + 1;
        nl = data.indexOf(10, start);
      }
      pos += start;
    }
    return { lines, size, stop: null };
  } finally {
    closeSync(fd);
  }
}
