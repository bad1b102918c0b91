/**
 * A local HTTP server speaking the OpenAI chat completions API (`POST /v1/chat/completions`), as
 * Ollama, LM Studio, llama.cpp's server or OpenRouter do, for tests with the real `openai` package.
 * It records every request and answers a forced function call with valid structured output (the
 * same memories as the Messages API test server); scripted faults are queued per request: status
 * codes with headers, prose, malformed arguments, the JSON in the text instead of a call, hangs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultToolInput } from '../messages-api/answers.js';
import { tokens, type Behavior } from '../messages-api/server.js';

export interface ChatBody {
  model: string;
  max_tokens?: number;
  messages: Array<{ role: string; content: string }>;
  tools?: Array<{ type: string; function: { name: string; parameters: unknown } }>;
  tool_choice?: { type: string; function?: { name: string } };
}

export interface ChatRequest {
  headers: IncomingMessage['headers'];
  raw: string;
  body: ChatBody;
  at: number;
}

export type ChatBehavior = Behavior | { kind: 'json-in-text' };

export const chatUserText = (b: ChatBody): string =>
  b.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');

export class ChatApiServer {
  readonly requests: ChatRequest[] = [];
  private readonly script: ChatBehavior[] = [];
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | null = null;
  port = 0;

  /** The base URL a client is given (with `/v1`, as Ollama's `http://127.0.0.1:11434/v1`). */
  get url(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  next(...b: ChatBehavior[]): void {
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

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return send(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
    }
    let body: ChatBody;
    try {
      body = JSON.parse(raw) as ChatBody;
    } catch {
      return send(res, 400, { error: { message: 'bad json', type: 'invalid_request_error' } });
    }
    this.requests.push({ headers: req.headers, raw, body, at: Date.now() });
    const b = this.script.shift() ?? { kind: 'ok' };
    if (b.kind === 'hang') {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if (b.kind === 'status') {
      const err = {
        error: { message: `status ${b.status}`, type: b.status === 429 ? 'rate_limit' : 'server_error' },
      };
      return send(res, b.status, b.body ?? err, b.headers);
    }
    const name = body.tool_choice?.function?.name ?? body.tools?.[0]?.function.name ?? 'tool';
    const input = defaultToolInput({
      model: body.model,
      max_tokens: body.max_tokens ?? 0,
      tool_choice: { type: 'tool', name },
      messages: [{ role: 'user', content: chatUserText(body) }],
    });
    const prompt = tokens(raw);
    let message: Record<string, unknown>;
    let out: string;
    if (b.kind === 'prose' || b.kind === 'json-in-text') {
      out =
        b.kind === 'prose'
          ? (b.text ?? 'Sure! The files were read and edited.')
          : `Here: ${JSON.stringify(input)}`;
      message = { role: 'assistant', content: out };
    } else {
      out = b.kind === 'malformed' ? '{"observations": "not a list", "title": 4' : JSON.stringify(input);
      const call = {
        id: `call_${this.requests.length}`,
        type: 'function',
        function: { name, arguments: out },
      };
      message = { role: 'assistant', content: null, tool_calls: [call] };
    }
    return send(res, 200, {
      id: `chatcmpl-${this.requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message, finish_reason: 'tool_calls' in message ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: prompt, completion_tokens: tokens(out), total_tokens: prompt + tokens(out) },
    });
  }
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
