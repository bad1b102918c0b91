/**
 * The main process's client of the MemTray service (in-process or attached): the HTTP API on
 * 127.0.0.1 with the per-install token. Every IPC verb goes through here, so the renderer sees the
 * same service, validation and errors whether the core runs in this process or in `memtray serve`.
 * Electron-free.
 */
import type { ApiErrorShape } from '../shared/api.js';
import { httpVerbs, type HttpVerbs } from '../shared/http-verbs.js';

export type ServiceApi = HttpVerbs;

export class ServiceError extends Error implements ApiErrorShape {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

interface ServiceClientOptions {
  baseUrl: string;
  token: string;
  /** Per-request timeout (ms); default 15 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface ServiceClient extends ServiceApi {
  baseUrl: string;
  /** A raw authenticated JSON call (for routes outside `MemTrayApi`). */
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
}

export function serviceClient(opts: ServiceClientOptions): ServiceClient {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(opts.baseUrl + path, {
        method,
        headers: {
          authorization: `Bearer ${opts.token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const why = e.cause?.code ?? e.message;
      throw new ServiceError(0, `cannot reach the MemTray service at ${opts.baseUrl} (${why})`);
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const msg = (json as { error?: unknown } | undefined)?.error;
      throw new ServiceError(res.status, typeof msg === 'string' ? msg : `${res.status} ${res.statusText}`);
    }
    return json as T;
  }
  return { baseUrl: opts.baseUrl, call, ...httpVerbs(call) };
}

/** Any thrown value as the `{status, message}` the IPC result carries. */
export function toApiError(err: unknown): ApiErrorShape {
  if (err instanceof ServiceError) return { status: err.status, message: err.message };
  const status = (err as { status?: unknown } | null)?.status;
  return {
    status: typeof status === 'number' ? status : 500,
    message: err instanceof Error ? err.message : String(err),
  };
}
