/**
 * The shell's live-stream client (electron/main/live-stream.ts) against a small SSE server: the
 * bearer token, which events reach the shell, and reconnection after a refused or dropped stream.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent, LiveStatus } from '../../electron/shared/api.js';
import { openLiveStream, type LiveStream } from '../../electron/main/live-stream.js';
import { waitFor } from './helpers.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Server[] = [];
const streams: LiveStream[] = [];

afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(handler: Handler, port = 0): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

function open(port: number, retryMs = 50, doFetch?: typeof fetch) {
  const events: LiveEvent[] = [];
  const statuses: LiveStatus[] = [];
  const stream = openLiveStream({
    baseUrl: `http://127.0.0.1:${port}`,
    token: 'tok',
    retryMs,
    ...(doFetch ? { fetch: doFetch } : {}),
    onEvent: (ev) => events.push(ev),
    onStatus: (s) => statuses.push(s),
  });
  streams.push(stream);
  return { stream, events, statuses };
}

const sse = (res: ServerResponse, body: string): void => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.write(body);
};

describe('live stream', () => {
  it('sends the bearer token and passes on the known events whose data matches the contract', async () => {
    const seen: Array<string | undefined> = [];
    const port = await serve((req, res) => {
      seen.push(req.headers.authorization, req.url);
      sse(
        res,
        'retry: 2000\n: connected\n\n' +
          'event: queue\ndata: {"pending":1,"leased":0,"failed":0,"done":2}\n\n' +
          'event: unknown\ndata: {"x":1}\n\n' +
          'event: session\ndata: not json\n\n' +
          'event: settings\ndata: 42\n\n' +
          'event: queue\ndata: {"pending":"1","leased":0,"failed":0,"done":2}\n\n' +
          'data: {"untyped":true}\n\n' +
          'event: project\r\ndata: {"name":"p",\r\ndata: "captureEnabled":true}\r\n\r\n',
      );
    });
    const { stream, events, statuses } = open(port);
    expect(stream.status).toBe('connecting');
    await waitFor(() => events.length >= 2, 'two events');
    expect(seen).toEqual(['Bearer tok', '/api/stream']);
    expect(events).toEqual([
      { name: 'queue', data: { pending: 1, leased: 0, failed: 0, done: 2 } },
      { name: 'project', data: { name: 'p', captureEnabled: true } },
    ]);
    expect(statuses).toEqual(['live']);
    expect(stream.status).toBe('live');
  });

  it('keeps trying when the server refuses the stream, and goes live once it answers', async () => {
    let calls = 0;
    const port = await serve((_req, res) => {
      calls++;
      if (calls <= 2) {
        res.writeHead(calls === 1 ? 401 : 503).end();
        return;
      }
      sse(res, ': connected\n\n');
    });
    const { statuses } = open(port);
    await waitFor(() => statuses.includes('live'), 'the stream after two refusals');
    expect(calls).toBe(3);
    expect(statuses).toEqual(['down', 'live']);
  });

  it('reconnects when nothing listens yet, and after the server drops the stream', async () => {
    const port = await serve(() => {});
    const free = servers.pop()!;
    await new Promise((r) => free.close(r));
    const { statuses, events } = open(port);
    await waitFor(() => statuses.includes('down'), 'a refused connection');
    let calls = 0;
    await serve((_req, res) => {
      calls++;
      sse(res, `retry: 50\nevent: summary\ndata: {"sessionId":1,"id":${calls}}\n\n`);
      if (calls === 1) setTimeout(() => res.end(), 20);
    }, port);
    await waitFor(() => events.length >= 2, 'an event from the second connection');
    expect(events.map((e) => e.data)).toEqual([
      { sessionId: 1, id: 1 },
      { sessionId: 1, id: 2 },
    ]);
    expect(statuses).toEqual(['down', 'live', 'down', 'live']);
  });

  it('stops for good when closed', async () => {
    const port = await serve((_req, res) => {
      res.writeHead(503).end();
    });
    // Attempts are counted as the stream starts them: one sent just before close may reach the
    // server after it, and is no attempt made after close.
    let attempts = 0;
    const counted: typeof fetch = (url, init) => {
      attempts++;
      return fetch(url, init);
    };
    const { stream, statuses } = open(port, 20, counted);
    // Refused once: a retry is due when the stream is closed.
    await waitFor(() => statuses.includes('down'), 'a first attempt refused');
    stream.close();
    const after = attempts;
    await new Promise((r) => setTimeout(r, 150));
    expect(attempts).toBe(after);
  });
});
