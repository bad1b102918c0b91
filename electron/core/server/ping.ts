/**
 * `GET /api/ping?nonce=N` (no token): proves to a client holding the token that this is the
 * service of its data dir, *before* the client sends the token or a payload. The answer is
 * `HMAC-SHA256(token, "memtray-ping:<instance>:<port>:<nonce>")`: only a process that knows the
 * token can compute it; the client checks it against the instance id in `server.json` and the port
 * it connected to, so a stranger on a reused port (or one relaying to the real service from another
 * port) cannot answer. The token never leaves in the request.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { HttpError, type Route } from './http.js';

const NONCE_RE = /^[0-9a-f]{16,64}$/;

function pingProof(token: string, instance: string, port: number, nonce: string): string {
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

/**
 * The client side, for hosts that hold the token (the CLI, the Electron shell): null when the
 * listener on `port` proves it is the service that wrote `instance` into server.json, else why not.
 * Call it before sending the token anywhere.
 */
export async function proveService(
  port: number,
  token: string,
  instance: string | undefined,
  opts: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<string | null> {
  if (!instance) return 'server.json names no instance id';
  const nonce = randomBytes(16).toString('hex');
  try {
    const res = await (opts.fetch ?? fetch)(`http://127.0.0.1:${port}/api/ping?nonce=${nonce}`, {
      signal: AbortSignal.timeout(opts.timeoutMs ?? 1500),
    });
    if (res.status !== 200) return `port ${port} answered the ping with ${res.status}`;
    const proof = ((await res.json()) as { proof?: unknown }).proof;
    return proof === pingProof(token, instance, port, nonce)
      ? null
      : `port ${port} does not prove it serves this data dir`;
  } catch (err) {
    return `port ${port} does not answer the ping: ${(err as Error).message}`;
  }
}
