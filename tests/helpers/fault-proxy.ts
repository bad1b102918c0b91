/**
 * A loopback HTTP proxy in front of the Messages API test server that injects the transport faults
 * the server itself cannot: a response cut off mid-body, a 200 whose body is not JSON, a connection
 * reset before any answer. Everything else is forwarded. Records each request (time, fault, body).
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyFault = 'pass' | 'cut' | 'garbage' | 'reset';

export interface ProxiedRequest {
  at: number;
  fault: string;
  body: string;
}

export class FaultProxy {
  readonly requests: ProxiedRequest[] = [];
  private server: Server | null = null;
  port = 0;
  /** Per request, in arrival order: what to do (a string the caller labels it with, and how). */
  script: Array<{ label: string; fault: ProxyFault; before?: () => void }> = [];

  constructor(private readonly upstreamPort: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const step = this.script.shift() ?? { label: 'ok', fault: 'pass' as const };
        this.requests.push({ at: Date.now(), fault: step.label, body: body.toString('utf8') });
        if (step.fault === 'reset') return void req.socket.destroy();
        if (step.fault === 'garbage') {
          res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_garbage' });
          return void res.end('<html><body>502 Bad Gateway</body></html>{"type":"mess');
        }
        step.before?.();
        const up = request(
          {
            host: '127.0.0.1',
            port: this.upstreamPort,
            method: req.method,
            path: req.url,
            headers: req.headers,
          },
          (ur) => {
            const parts: Buffer[] = [];
            ur.on('data', (c: Buffer) => parts.push(c));
            ur.on('end', () => {
              const all = Buffer.concat(parts);
              res.writeHead(ur.statusCode ?? 502, ur.headers);
              if (step.fault === 'cut') {
                res.write(all.subarray(0, Math.floor(all.length / 2)));
                setTimeout(() => res.socket?.destroy(), 20);
              } else res.end(all);
            });
          },
        );
        up.on('error', () => res.socket?.destroy());
        up.end(body);
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => {
      this.server?.close(() => r());
      this.server?.closeAllConnections();
    });
  }
}
