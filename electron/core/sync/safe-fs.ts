/**
 * File access for the sync folder and archives, which other machines (and anything that can write
 * there) control. Nothing is read or written through a symbolic link (O_NOFOLLOW); only regular
 * files are read, checked on the open descriptor (fstat), which was opened without blocking
 * (O_NONBLOCK: a FIFO or a device is refused, not waited on); every read is bounded before it is
 * made; small files are written to a fresh temporary file (O_EXCL) that is renamed into place.
 */
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL } = constants;
/** Not on Windows: there a path is checked with lstat before it is opened. */
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/** A path that is there but is not what MemTray reads or writes (a link, a FIFO, a device, a folder). */
class UnsafeFileError extends Error {
  readonly code = 'EUNSAFE';
}

function kind(st: Stats): string {
  if (st.isSymbolicLink()) return 'a link';
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** A short reason for a refused or failed open, for a peer's status line. */
export function describeFsError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e instanceof UnsafeFileError) return e.message;
  if (e.code === 'ELOOP') return 'a link, not followed';
  return e.code ?? e.message ?? String(err);
}

function noFollowCheck(path: string): void {
  if (O_NOFOLLOW !== 0) return;
  const st = lstatSync(path);
  if (st.isSymbolicLink()) throw new UnsafeFileError('a link, not followed');
}

/** Opens a regular file for reading: never through a link, never blocking; returns fd and size. */
export function openRegular(path: string): { fd: number; size: number } {
  noFollowCheck(path);
  const fd = openSync(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UnsafeFileError(`${kind(st)}, not a regular file`);
    return { fd, size: st.size };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/** Reads into `buf` from `pos` until it is full or the file ends; returns the bytes read. */
export function readFully(fd: number, buf: Buffer, pos: number): number {
  let got = 0;
  while (got < buf.length) {
    const n = readSync(fd, buf, got, buf.length - got, pos + got);
    if (n === 0) break;
    got += n;
  }
  return got;
}

/** At most `max` bytes of a regular file (the rest is not read). */
export function readBounded(path: string, max: number): Buffer {
  const { fd, size } = openRegular(path);
  try {
    const buf = Buffer.allocUnsafe(Math.min(size, max));
    return buf.subarray(0, readFully(fd, buf, 0));
  } finally {
    closeSync(fd);
  }
}

/** A write that stopped short: `written` bytes of the data reached the file before `reason`. */
export class ShortWriteError extends Error {
  constructor(
    readonly written: number,
    readonly reason: unknown,
  ) {
    super(`wrote ${written} bytes, then ${describeFsError(reason)}`);
  }
}

/** Writes all of `data` at `pos`; throws ShortWriteError (how much was written) when it cannot. */
export function writeAll(fd: number, data: Buffer, pos: number): void {
  let done = 0;
  while (done < data.length) {
    let n: number;
    try {
      n = writeSync(fd, data, done, data.length - done, pos + done);
    } catch (err) {
      throw new ShortWriteError(done, err);
    }
    if (n <= 0) throw new ShortWriteError(done, new Error('no progress'));
    done += n;
  }
}

/**
 * Creates a new file exclusively, never through a link. A leftover at the path (a crashed write,
 * or anything planted there: a link, a FIFO) is removed first; unlink removes a link itself,
 * never what it points to.
 */
function createExclusive(path: string, mode = 0o600): number {
  const flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;
  try {
    return openSync(path, flags, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  unlinkSync(path);
  return openSync(path, flags, mode);
}

/** Replaces a small file atomically: a fresh `<path>.tmp` written, fsynced, renamed over it. */
export function replaceFile(path: string, text: string, mode = 0o644): void {
  const tmp = `${path}.tmp`;
  const fd = createExclusive(tmp, mode);
  try {
    writeAll(fd, Buffer.from(text), 0);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    unlinkSync(tmp);
    throw err;
  }
  closeSync(fd);
  // rename replaces a link at `path` itself, never the file it points to.
  renameSync(tmp, path);
}

/** Makes `dir` (and its parents) if missing; throws unless it is a real folder, not a link to one. */
export function ensureRealDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new UnsafeFileError(`${dir} is ${kind(st)}, not a folder`);
}
