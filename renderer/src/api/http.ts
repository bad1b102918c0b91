import {
  LIVE_EVENT_NAMES,
  parseLiveEvent,
  type LiveEvent,
  type LiveStatus,
  type MemTrayApi,
} from '@shared/api';
import { httpVerbs } from '@shared/http-verbs';
import { ApiError } from './errors';

type Json = Record<string, unknown>;

/** The headless transport: fetch with `Authorization: Bearer`, live events over SSE. */
export function httpApi(token: string, base = ''): MemTrayApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (err) {
      throw new ApiError(0, err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const msg = (json as Json | undefined)?.error;
      throw new ApiError(res.status, typeof msg === 'string' ? msg : `${res.status} ${res.statusText}`);
    }
    return json as T;
  }
  return {
    ...httpVerbs(call),
    subscribe(listener, onStatus) {
      return openStream(
        `${base}/api/stream?access_token=${encodeURIComponent(token)}`,
        `${base}/api/status`,
        token,
        listener,
        onStatus,
      );
    },
  };
}

/** One EventSource per subscriber; the browser reconnects on its own (server sends `retry:`). */
function openStream(
  url: string,
  probeUrl: string,
  token: string,
  listener: (ev: LiveEvent) => void,
  onStatus?: (s: LiveStatus) => void,
): () => void {
  if (typeof EventSource === 'undefined') {
    onStatus?.('down');
    return () => {};
  }
  const es = new EventSource(url);
  onStatus?.('connecting');
  es.onopen = () => onStatus?.('live');
  // Any error means the service is away; EventSource keeps retrying on its own (`retry:`), and
  // `onopen` reports it back. (A closed stream — a 401 — stays down.)
  es.onerror = () => {
    if (es.readyState !== EventSource.CLOSED) {
      onStatus?.('down');
      return;
    }
    // The stream was refused for good (EventSource gives no status): ask once whether the token is
    // the reason, so a wrong link says "Not authorised", not "Offline".
    void fetch(probeUrl, { headers: { authorization: `Bearer ${token}` } }).then(
      (r) => onStatus?.(r.status === 401 ? 'unauthorised' : 'down'),
      () => onStatus?.('down'),
    );
  };
  for (const name of LIVE_EVENT_NAMES) {
    es.addEventListener(name, (e: MessageEvent<string>) => {
      try {
        // A frame that is not the contract's event is dropped; the next reload shows the truth.
        const ev = parseLiveEvent(name, JSON.parse(e.data));
        if (ev) listener(ev);
      } catch {
        // Not JSON: dropped too.
      }
    });
  }
  return () => es.close();
}
