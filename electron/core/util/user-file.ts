/**
 * Reading a user's JSON file (Claude Code settings, `.mcp.json`, `~/.claude.json`): only a regular
 * file (a FIFO or a device would block or never end), at most `maxBytes`, and errors that name the
 * problem and the file but never quote its content. The file may be a symlink to anything the
 * service can read, and its errors reach HTTP answers and logs.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export class UserFileError extends Error {}

const USER_FILE_MAX_BYTES = 8 * 1024 * 1024;

/** Where a JSON.parse error happened, without the excerpt Node puts in its message. */
function jsonErrorWhere(err: unknown): string {
  const m = /at position (\d+)/.exec(err instanceof Error ? err.message : '');
  return m ? ` at character ${m[1]}` : '';
}

/**
 * The text of `path`, or null when it does not exist. Throws a UserFileError when it is not a
 * regular file or is too large. Opened non-blocking, so a FIFO never blocks the open.
 */
export function readUserFile(path: string, maxBytes = USER_FILE_MAX_BYTES): string | null {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new UserFileError(`${path} cannot be read (${code ?? 'error'})`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UserFileError(`${path} is not a regular file`);
    if (st.size > maxBytes) throw new UserFileError(`${path} is larger than ${maxBytes} bytes`);
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < buf.length) {
      const n = readSync(fd, buf, off, buf.length - off, off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Parses `text` read from `path`; the error says where, not what. */
export function parseUserJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new UserFileError(`${path} is not valid JSON${jsonErrorWhere(err)}`);
  }
}
