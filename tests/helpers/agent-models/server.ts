/**
 * A scripted local model server for the real agent CLIs (Codex, Gemini CLI, opencode): each main
 * request gets the next scripted shell command as a tool call, and once the script is done a final
 * text answer. Every request is recorded (path and raw body), so a test can see what the agent
 * sent the model (the SessionStart context among it). The wire formats live beside this file, one
 * per protocol; this file only routes and records.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelRequest {
  method: string;
  path: string;
  raw: string;
}

/** What the model does next: run a shell command, call a tool by name, or answer and end the turn. */
export type ModelStep =
  | { kind: 'shell'; command: string }
  | { kind: 'call'; name: string; args: Record<string, unknown> }
  | { kind: 'text'; text: string };

/** One protocol: whether it handles a request, and how it writes a step. */
export interface Protocol {
  /** Answers requests that are not model turns (routers, model lists); true when it answered. */
  side?(req: ModelRequest, res: ServerResponse): boolean;
  /** Whether this request is a model turn. */
  isTurn(req: ModelRequest): boolean;
  write(step: ModelStep, callNo: number, res: ServerResponse): void;
}

const MAX_BODY = 8 * 1024 * 1024;

export class ScriptedModelServer {
  readonly requests: ModelRequest[] = [];
  private script: ModelStep[] = [];
  private calls = 0;
  private server: Server | null = null;
  port = 0;

  constructor(private readonly protocol: Protocol) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The shell commands to run in order, then the final answer. */
  plan(commands: string[], finalText = 'Done.'): void {
    this.script = [
      ...commands.map((command): ModelStep => ({ kind: 'shell', command })),
      { kind: 'text', text: finalText },
    ];
  }

  /** The steps in order (the last should be a text answer, or the agent is answered 'Done.'). */
  planSteps(steps: ModelStep[]): void {
    this.script = [...steps];
  }

  /** The raw bodies of the model turns, in order. */
  turns(): string[] {
    return this.requests.filter((r) => this.protocol.isTurn(r)).map((r) => r.raw);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req as AsyncIterable<Buffer>) {
      size += c.length;
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        return;
      }
      chunks.push(c);
    }
    const r: ModelRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      raw: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(r);
    if (this.protocol.side?.(r, res)) return;
    if (!this.protocol.isTurn(r)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not scripted"}');
      return;
    }
    const step = this.script.shift() ?? { kind: 'text', text: 'Done.' };
    this.protocol.write(step, ++this.calls, res);
  }
}

/** Writes server-sent events: `event:` lines when named, one JSON `data:` line each. */
export function sse(res: ServerResponse, events: Array<{ event?: string; data: unknown }>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const e of events) {
    if (e.event) res.write(`event: ${e.event}\n`);
    res.write(`data: ${JSON.stringify(e.data)}\n\n`);
  }
  res.end();
}
