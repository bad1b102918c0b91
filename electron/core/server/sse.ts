import type { ServerResponse } from 'node:http';
import type { Bus, BusEventName } from '../util/bus.js';

const STREAMED: BusEventName[] = [
  'event',
  'observation',
  'summary',
  'session',
  'project',
  'queue',
  'settings',
  'import',
];

/** Server-Sent Events: every bus event goes out as `event: <name>` with a JSON `data:` line. */
export class SseHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly unsubscribe: Array<() => void> = [];
  private readonly heartbeat: NodeJS.Timeout;

  constructor(bus: Bus, heartbeatMs = 25_000) {
    for (const name of STREAMED) {
      this.unsubscribe.push(bus.on(name, (payload) => this.broadcast(name, payload)));
    }
    this.heartbeat = setInterval(() => this.comment('ping'), heartbeatMs);
    this.heartbeat.unref();
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
    res.on('close', () => this.clients.delete(res));
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
    clearInterval(this.heartbeat);
    for (const u of this.unsubscribe) u();
    for (const c of this.clients) c.end();
    this.clients.clear();
  }
}
