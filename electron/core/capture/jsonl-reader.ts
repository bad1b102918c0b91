/**
 * A bounded JSONL line source for files MemTray did not write itself (transcripts) or that another
 * process appends to (the spool): opens without blocking (O_NONBLOCK: a FIFO never waits for a
 * writer), accepts only a regular file (checked with fstat on the open descriptor, so a swap after a
 * stat cannot sneak a device in), refuses a file over `maxFileBytes`, reads in fixed chunks, and
 * skips (and counts) a line over `maxLineBytes` without ever holding more than that of it.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { MAX_EVENT_BYTES } from '../ingest/limits.js';

export interface JsonlLimits {
  /** Default 256 MB: a bigger file is refused whole. */
  maxFileBytes?: number;
  /** Default MAX_EVENT_BYTES (8 MB): a longer line is skipped and counted. */
  maxLineBytes?: number;
  /** Checked between chunks: true ends the read (as a RefusedFile 'stopped'). */
  shouldStop?: () => boolean;
}

const MAX_TRANSCRIPT_BYTES = 256 * 1024 * 1024;
const CHUNK = 1024 * 1024;

/** The file was not read: why, in words fit for a log line and Health (never file content). */
export class RefusedFile extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${reason}: ${path}`);
    this.name = 'RefusedFile';
  }
}

interface JsonlStats {
  /** Lines skipped for their length. */
  oversizedLines: number;
  bytes: number;
}

function kindOf(st: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a file';
}

/**
 * Yields the lines of `path` (without the newline, a trailing CR dropped; empty lines included).
 * Throws RefusedFile for a file it will not read; `stats` counts what it skipped.
 */
export async function* readJsonlLines(
  path: string,
  limits: JsonlLimits = {},
  stats: JsonlStats = { oversizedLines: 0, bytes: 0 },
): AsyncGenerator<string> {
  const maxFile = limits.maxFileBytes ?? MAX_TRANSCRIPT_BYTES;
  const maxLine = limits.maxLineBytes ?? MAX_EVENT_BYTES;
  let fh;
  try {
    fh = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw new RefusedFile(path, `cannot open (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new RefusedFile(path, `not a regular file (${kindOf(st)})`);
    if (st.size > maxFile) throw new RefusedFile(path, `larger than ${maxFile} bytes (${st.size})`);
    const buf = Buffer.allocUnsafe(CHUNK);
    let parts: Buffer[] = [];
    let partLen = 0;
    let skipping = false;
    const take = (b: Buffer): string => {
      const s = b.toString('utf8');
      return s.endsWith('\r') ? s.slice(0, -1) : s;
    };
    for (;;) {
      if (limits.shouldStop?.()) throw new RefusedFile(path, 'stopped');
      let n: number;
      try {
        n = (await fh.read(buf, 0, CHUNK, null)).bytesRead;
      } catch (err) {
        throw new RefusedFile(path, `read failed (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      }
      if (n === 0) break;
      stats.bytes += n;
      if (stats.bytes > maxFile) throw new RefusedFile(path, `grew past ${maxFile} bytes while read`);
      let start = 0;
      while (start < n) {
        let nl = buf.indexOf(10, start);
        if (nl >= n) nl = -1;
        const end = nl === -1 ? n : nl;
        if (!skipping) {
          if (partLen + (end - start) > maxLine) {
            skipping = true;
            stats.oversizedLines++;
            parts = [];
            partLen = 0;
          } else if (nl !== -1 && partLen === 0) {
            yield take(buf.subarray(start, end));
          } else {
            parts.push(Buffer.from(buf.subarray(start, end)));
            partLen += end - start;
          }
        }
        if (nl === -1) break;
        if (partLen > 0) yield take(Buffer.concat(parts, partLen));
        parts = [];
        partLen = 0;
        skipping = false;
        start = nl + 1;
      }
    }
    if (!skipping && partLen > 0) yield take(Buffer.concat(parts, partLen));
  } finally {
    await fh.close().catch(() => undefined);
  }
}
