import type { ServerResponse } from 'node:http';
import { LIVE_EVENT_NAMES } from '../../shared/contract/events.js';
import type { Bus } from '../util/bus.js';

/** Every live event of the contract goes out; the bus's internal ones (`job-enqueued`) do not. */
const STREAMED = LIVE_EVENT_NAMES;

/**
 * Server-Sent Events: every bus event goes out as `event: <name>` with a JSON `data:` line. A
 * heartbeat comment keeps the connections open; it runs only while a client is connected.
 */
export class SseHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly unsubscribe: Array<() => void> = [];
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    bus: Bus,
    private readonly heartbeatMs = 25_000,
  ) {
    for (const name of STREAMED) {
      this.unsubscribe.push(bus.on(name, (payload) => this.broadcast(name, payload)));
    }
  }

  attach(res: ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 2000\n: connected\n\n');
    this.clients.add(res);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.comment('ping'), this.heartbeatMs);
      this.heartbeat.unref();
    }
    res.on('close', () => {
      this.clients.delete(res);
      if (this.clients.size === 0) this.stopHeartbeat();
    });
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  get size(): number {
    return this.clients.size;
  }

  broadcast(name: string, payload: unknown): void {
    if (this.clients.size === 0) return;
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const c of this.clients) c.write(frame);
  }

  private comment(text: string): void {
    for (const c of this.clients) c.write(`: ${text}\n\n`);
  }

  close(): void {
    this.stopHeartbeat();
    for (const u of this.unsubscribe) u();
    for (const c of this.clients) c.end();
    this.clients.clear();
  }
}
