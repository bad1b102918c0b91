/**
 * `GET /api/ping?nonce=N` (no token): proves to a client holding the token that this is the
 * service of its data dir, *before* the client sends the token or a payload. The answer is
 * `HMAC-SHA256(token, "memtray-ping:<instance>:<port>:<nonce>")`: only a process that knows the
 * token can compute it; the client checks it against the instance id in `server.json` and the port
 * it connected to, so a stranger on a reused port (or one relaying to the real service from another
 * port) cannot answer. The token never leaves in the request.
 */
import { createHmac } from 'node:crypto';
import { HttpError, type Route } from './http.js';

const NONCE_RE = /^[0-9a-f]{16,64}$/;

export function pingProof(token: string, instance: string, port: number, nonce: string): string {
  return createHmac('sha256', token).update(`memtray-ping:${instance}:${port}:${nonce}`).digest('hex');
}

export function pingRoute(token: string, instance: string, port: () => number): Route {
  return {
    method: 'GET',
    path: '/api/ping',
    auth: false,
    settled: false,
    handler: ({ query }) => {
      const nonce = query.get('nonce') ?? '';
      if (!NONCE_RE.test(nonce)) throw new HttpError(400, 'invalid query: nonce must be 16-64 hex digits');
      return { json: { proof: pingProof(token, instance, port(), nonce) } };
    },
  };
}
