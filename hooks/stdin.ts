/**
 * Reads the hook's stdin, bounded in size and in time whatever stdin does (`yes |`, a pipe that
 * never closes): reading stops past `max` bytes (the event is then dropped: too large for the
 * service anyway), and no read ever blocks the event loop, so the hook's deadline timer always fires.
 *
 * - Under Bun: `Bun.stdin.stream()` (read by Bun's event loop; cheaper than `readFileSync(0)`, while
 *   touching `process.stdin` costs Bun 40-80 ms of startup and `fs.read` needs a pool thread).
 * - Under Node: `process.stdin` (libuv polls pipes and sockets without blocking; Node's
 *   `process.exit` would wait for a pool thread stuck in a read).
 */
import { fstatSync } from 'node:fs';

declare const Bun: unknown;
/** The part of Bun's API used here (its stdin is read by Bun's own event loop, never blocking). */
interface BunStdin {
  stdin: { stream(): ReadableStream<Uint8Array> };
}

/** The text, or null when stdin was larger than `max` bytes. */
type StdinResult = { text: string } | { tooLarge: true };

export function readStdinBounded(max: number): Promise<StdinResult> {
  try {
    if (fstatSync(0).isCharacterDevice()) return Promise.resolve({ text: '' }); // a terminal or /dev/zero
  } catch {
    return Promise.resolve({ text: '' });
  }
  return typeof Bun !== 'undefined' ? readWithBun(max) : readWithStream(max);
}

function readWithBun(max: number): Promise<StdinResult> {
  const reader = (Bun as BunStdin).stdin.stream().getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const loop = async (): Promise<StdinResult> => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > max) {
        void reader.cancel().catch(() => undefined);
        return { tooLarge: true };
      }
      chunks.push(value);
    }
    return { text: Buffer.concat(chunks, size).toString('utf8') };
  };
  return loop().catch(() => ({ text: '' }));
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
