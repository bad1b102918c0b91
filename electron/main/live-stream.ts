/**
 * The main process's subscription to the service's live stream (`GET /api/stream`, SSE), read by the
 * `eventsource` package over fetch with the bearer token, with reconnection. One connection feeds the
 * tray state, the failure watcher and every renderer subscription. Electron-free.
 */
import { EventSource } from 'eventsource';
import {
  LIVE_EVENT_NAMES,
  parseLiveEvent,
  type LiveEvent,
  type LiveEventName,
  type LiveStatus,
} from '../shared/api.js';

interface LiveStreamOptions {
  baseUrl: string;
  token: string;
  onEvent(ev: LiveEvent): void;
  onStatus?(s: LiveStatus): void;
  /**
   * Wait before connecting again after a connection that failed or was refused (ms, default 2000).
   * A stream that was open reconnects as often as the server's `retry:` says.
   */
  retryMs?: number;
  fetch?: typeof fetch;
}

export interface LiveStream {
  readonly status: LiveStatus;
  close(): void;
}

export function openLiveStream(opts: LiveStreamOptions): LiveStream {
  const doFetch = opts.fetch ?? fetch;
  const retryMs = opts.retryMs ?? 2000;
  let status: LiveStatus = 'connecting';
  let closed = false;
  let source: EventSource | null = null;
  let timer: NodeJS.Timeout | null = null;

  const setStatus = (s: LiveStatus): void => {
    if (s === status) return;
    status = s;
    opts.onStatus?.(s);
  };

  const deliver = (name: LiveEventName, data: unknown): void => {
    let payload: unknown;
    try {
      payload = JSON.parse(String(data));
    } catch {
      return;
    }
    // Only events of the contract (electron/shared/contract/events.ts) reach the renderer.
    const ev = parseLiveEvent(name, payload);
    if (!ev) return;
    try {
      opts.onEvent(ev);
    } catch {
      // A failing subscriber loses this event; it must not take the stream (or the process) down.
    }
  };

  const connect = (): void => {
    let opened = false;
    const es = new EventSource(`${opts.baseUrl}/api/stream`, {
      fetch: (url, init) =>
        doFetch(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${opts.token}` } }),
    });
    source = es;
    es.addEventListener('open', () => {
      opened = true;
      setStatus('live');
    });
    es.addEventListener('error', () => {
      setStatus('down');
      // A stream that was open is reconnected by the library (paced by the server's `retry:`); one
      // that never opened, or that the server refused (not 200, not an event stream), from here.
      if (opened && es.readyState === es.CONNECTING) return;
      es.close();
      if (closed) return;
      timer = setTimeout(connect, retryMs);
      timer.unref?.();
    });
    for (const name of LIVE_EVENT_NAMES) es.addEventListener(name, (ev) => deliver(name, ev.data));
  };
  connect();

  return {
    get status() {
      return status;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      source?.close();
    },
  };
}
