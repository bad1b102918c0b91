/**
 * Reads the hook's stdin, bounded in size and in time whatever stdin does (`yes |`, a pipe that
 * never closes): reading stops past `max` bytes (the event is then dropped: too large for the
 * service anyway), and no read ever blocks the event loop, so the hook's deadline timer always fires.
 *
 * - Under Bun: async `fs.read` on fd 0 (a pool thread waits, not the loop; `process.exit` does not
 *   wait for it there). Touching `process.stdin` costs Bun 40-80 ms of startup.
 * - Under Node: `process.stdin` (libuv polls pipes and sockets without blocking; Node's
 *   `process.exit` would wait for a pool thread stuck in a read).
 */
import { fstatSync, read } from 'node:fs';

declare const Bun: unknown;

/** The text, or null when stdin was larger than `max` bytes. */
export type StdinResult = { text: string } | { tooLarge: true };

const CHUNK = 64 * 1024;

export function readStdinBounded(max: number): Promise<StdinResult> {
  try {
    if (fstatSync(0).isCharacterDevice()) return Promise.resolve({ text: '' }); // a terminal or /dev/zero
  } catch {
    return Promise.resolve({ text: '' });
  }
  return typeof Bun !== 'undefined' ? readWithFs(max) : readWithStream(max);
}

function readWithFs(max: number): Promise<StdinResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const next = (): void => {
      const buf = Buffer.allocUnsafe(CHUNK);
      read(0, buf, 0, CHUNK, null, (err, n) => {
        if (err) {
          // A non-blocking stdin with nothing yet: look again shortly (the deadline still holds).
          if ((err as NodeJS.ErrnoException).code === 'EAGAIN') setTimeout(next, 2);
          else resolve({ text: Buffer.concat(chunks, size).toString('utf8') });
          return;
        }
        if (n === 0) {
          resolve({ text: Buffer.concat(chunks, size).toString('utf8') });
          return;
        }
        size += n;
        if (size > max) {
          resolve({ tooLarge: true });
          return;
        }
        chunks.push(n === CHUNK ? buf : buf.subarray(0, n));
        next();
      });
    };
    next();
  });
}

function readWithStream(max: number): Promise<StdinResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stdin = process.stdin;
    stdin.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        stdin.pause();
        stdin.removeAllListeners('data');
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(c);
    });
    stdin.on('end', () => resolve({ text: Buffer.concat(chunks, size).toString('utf8') }));
    stdin.on('error', () => resolve({ text: '' }));
  });
}
