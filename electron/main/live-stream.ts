/**
 * The main process's subscription to the service's live stream (`GET /api/stream`, SSE) over
 * fetch, with reconnection. One connection feeds the tray state, the failure watcher and every
 * renderer subscription. Electron-free.
 */
import { LIVE_EVENT_NAMES, type LiveEvent, type LiveStatus } from '../shared/api.js';

export interface LiveStreamOptions {
  baseUrl: string;
  token: string;
  onEvent(ev: LiveEvent): void;
  onStatus?(s: LiveStatus): void;
  /** Wait before reconnecting (ms); the server's `retry:` overrides it. Default 2000. */
  retryMs?: number;
  fetch?: typeof fetch;
}

export interface LiveStream {
  readonly status: LiveStatus;
  close(): void;
}

/** Incremental SSE parser: feed it text chunks, it calls back once per complete frame. */
export class SseParser {
  private buf = '';
  private event = 'message';
  private data: string[] = [];

  constructor(
    private readonly onFrame: (event: string, data: string) => void,
    private readonly onRetry: (ms: number) => void = () => {},
  ) {}

  push(chunk: string): void {
    this.buf += chunk;
    for (;;) {
      const nl = this.buf.search(/\r\n|\r|\n/);
      if (nl < 0) return;
      const line = this.buf.slice(0, nl);
      this.buf = this.buf.slice(nl + (this.buf.startsWith('\r\n', nl) ? 2 : 1));
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) this.onFrame(this.event, this.data.join('\n'));
      this.event = 'message';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) this.onRetry(Number(value));
  }
}

const NAMES = new Set<string>(LIVE_EVENT_NAMES);

export function openLiveStream(opts: LiveStreamOptions): LiveStream {
  const doFetch = opts.fetch ?? fetch;
  let retryMs = opts.retryMs ?? 2000;
  let status: LiveStatus = 'connecting';
  let closed = false;
  let ctrl: AbortController | null = null;
  let timer: NodeJS.Timeout | null = null;

  const setStatus = (s: LiveStatus): void => {
    if (s === status) return;
    status = s;
    opts.onStatus?.(s);
  };

  const parser = (): SseParser =>
    new SseParser(
      (event, data) => {
        if (!NAMES.has(event)) return;
        let payload: unknown;
        try {
          payload = JSON.parse(data);
        } catch {
          return;
        }
        if (payload === null || typeof payload !== 'object') return;
        opts.onEvent({ name: event, data: payload } as LiveEvent);
      },
      (ms) => (retryMs = Math.min(Math.max(ms, 250), 60_000)),
    );

  const connect = async (): Promise<void> => {
    ctrl = new AbortController();
    try {
      const res = await doFetch(`${opts.baseUrl}/api/stream`, {
        headers: { authorization: `Bearer ${opts.token}`, accept: 'text/event-stream' },
        signal: ctrl.signal,
      });
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      setStatus('live');
      const p = parser();
      const decoder = new TextDecoder();
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        p.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Connection refused, reset or aborted: handled below.
    }
    if (closed) return;
    setStatus('down');
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref?.();
  };
  void connect();

  return {
    get status() {
      return status;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      ctrl?.abort();
    },
  };
}
