/**
 * A local HTTP server that speaks the Anthropic Messages API (`POST /v1/messages`), for tests and
 * benchmarks with the real `@anthropic-ai/sdk`. It records every request, answers forced tool use
 * with valid structured output by default, estimates usage (≈4 characters per token) and models
 * prompt caching: a request whose cached prefix (tools + system up to the last `cache_control`)
 * was seen before reports it as `cache_read_input_tokens`, otherwise as `cache_creation_input_tokens`.
 * Scripted faults (status codes, headers, prose, malformed output, hangs) are queued per request.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cachedPrefix, defaultToolInput, userText, type MessagesBody } from './answers.js';
import { streamMessage } from './stream.js';

export { defaultToolInput, systemText, userText, type MessagesBody } from './answers.js';

export interface RecordedRequest {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: MessagesBody;
  at: number;
}

export type Behavior =
  | { kind: 'ok' }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'prose'; text?: string }
  | { kind: 'malformed' }
  | { kind: 'hang' };

export const tokens = (s: string): number => Math.ceil(s.length / 4);

export class MessagesApiServer {
  readonly requests: RecordedRequest[] = [];
  private readonly script: Behavior[] = [];
  private readonly seenPrefixes = new Set<string>();
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | null = null;
  port = 0;
  /** Fixed latency before every answer. */
  latencyMs = 0;
  /** Called once a request has been recorded (before it is answered). */
  onRequest: ((r: RecordedRequest) => void) | null = null;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Queue behaviours for the next requests (then back to `ok`). */
  next(...b: Behavior[]): void {
    this.script.push(...b);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const r of this.hanging) r.destroy();
    await new Promise<void>((r) => {
      this.server?.close(() => r());
      this.server?.closeAllConnections();
    });
  }

  /** Every byte every request carried (for secret checks). */
  allRequestText(): string {
    return this.requests.map((r) => `${JSON.stringify(r.headers)}\n${r.raw}`).join('\n');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
      return send(res, 404, { type: 'error', error: { type: 'not_found_error', message: 'not found' } });
    }
    let body: MessagesBody;
    try {
      body = JSON.parse(raw) as MessagesBody;
    } catch {
      return send(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'bad json' } });
    }
    const rec: RecordedRequest = { headers: req.headers, raw, body, at: Date.now() };
    this.requests.push(rec);
    this.onRequest?.(rec);
    const b = this.script.shift() ?? { kind: 'ok' };
    if (b.kind === 'hang') {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    if (b.kind === 'status') {
      return send(
        res,
        b.status,
        b.body ?? {
          type: 'error',
          error: { type: b.status === 429 ? 'rate_limit_error' : 'api_error', message: `status ${b.status}` },
        },
        b.headers,
      );
    }
    const usage = this.usage(body);
    if (body.stream) return this.stream(res, body, b, usage);
    const base = {
      id: `msg_${this.requests.length}`,
      type: 'message',
      role: 'assistant',
      model: body.model,
      stop_sequence: null,
    };
    if (b.kind === 'prose') {
      const text = b.text ?? 'Sure! Here is a summary of what happened: the files were read and edited.';
      return send(res, 200, {
        ...base,
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
        usage: { ...usage, output_tokens: tokens(text) },
      });
    }
    const input = b.kind === 'malformed' ? { observations: 'not a list', title: 42 } : defaultToolInput(body);
    const out = JSON.stringify(input);
    return send(res, 200, {
      ...base,
      content: [
        {
          type: 'tool_use',
          id: `toolu_${this.requests.length}`,
          name: body.tool_choice?.name ?? 'tool',
          input,
        },
      ],
      stop_reason: 'tool_use',
      usage: { ...usage, output_tokens: tokens(out) },
    });
  }

  /** A streamed answer; without a forced tool the "tool input" comes as a JSON text (claude-code). */
  private stream(res: ServerResponse, body: MessagesBody, b: Behavior, usage: Record<string, number>): void {
    const message = { id: `msg_${this.requests.length}`, model: body.model, usage };
    const input = b.kind === 'malformed' ? { observations: 'not a list', title: 42 } : defaultToolInput(body);
    const prose = b.kind === 'prose' ? (b.text ?? 'Sure! The files were read and edited.') : null;
    const out = prose ?? JSON.stringify(input);
    message.usage = { ...usage, output_tokens: tokens(out) };
    if (body.tool_choice?.name && prose === null) {
      const block = {
        type: 'tool_use' as const,
        id: `toolu_${this.requests.length}`,
        name: body.tool_choice.name,
        input,
      };
      return streamMessage(res, message, block, 'tool_use');
    }
    return streamMessage(res, message, { type: 'text', text: out }, 'end_turn');
  }

  private usage(body: MessagesBody): {
    input_tokens: number;
    cache_read_input_tokens: number;
    cache_creation_input_tokens: number;
  } {
    const sysText = Array.isArray(body.system)
      ? body.system.map((s) => s.text).join('')
      : (body.system ?? '');
    const total = tokens(JSON.stringify(body.tools ?? []) + sysText + userText(body));
    const prefix = cachedPrefix(body);
    if (!prefix) return { input_tokens: total, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
    const h = createHash('sha256')
      .update(body.model + prefix)
      .digest('hex');
    const p = tokens(prefix);
    const hit = this.seenPrefixes.has(h);
    this.seenPrefixes.add(h);
    return {
      input_tokens: Math.max(0, total - p),
      cache_read_input_tokens: hit ? p : 0,
      cache_creation_input_tokens: hit ? 0 : p,
    };
  }
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${Date.now()}`,
    ...headers,
  });
  res.end(text);
}
