/**
 * Answering a request whose body is not read (413, or any error before the body was consumed).
 * Closing a socket that still has unread bytes in it makes the kernel send a reset, and a client
 * that writes its whole body before reading (most blocking clients) then loses the answer with its
 * connection. So the answer goes out first and the rest of the body is read and thrown away; the
 * connection then serves the next request as usual. A client that keeps sending past `DRAIN_MAX`
 * bytes or `DRAIN_MS` is cut off.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http.js';

const DRAIN_MAX = 64 * 1024 * 1024;
const DRAIN_MS = 30_000;

export function answerThenDrain(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  json: unknown,
): void {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > DRAIN_MAX) {
    // Too much to wait for: the answer, then the connection closes at once.
    res.setHeader('connection', 'close');
    sendJson(res, status, json);
    req.resume();
    return;
  }
  const socket = req.socket;
  let drained = 0;
  const cut = (): void => void socket.destroy();
  const timer = setTimeout(cut, DRAIN_MS);
  timer.unref();
  req.on('data', (c: Buffer) => {
    drained += c.length;
    if (drained > DRAIN_MAX) cut();
  });
  // Read to its end, the request leaves the connection as good as any other: it stays open.
  req.once('close', () => clearTimeout(timer));
  req.resume();
  sendJson(res, status, json);
}
