/**
 * A scripted Anthropic Messages API on loopback for driving the real Claude Code CLI: streams SSE
 * (`message_start`, `content_block_*`, `message_delta`, `message_stop`). The main conversation (the
 * request that offers the Bash tool) gets one scripted tool_use per turn, chosen by how many
 * tool_results the conversation already holds, then a final text. Side requests get plain text.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolStep {
  name: string;
  input: Record<string, unknown>;
}

export interface FakeAnthropic {
  url: string;
  /** Raw bodies of the main-conversation requests, in order. */
  mainRequests: string[];
  allRequests: string[];
  close(): Promise<void>;
}

type Msg = { role: string; content: unknown };

function countToolResults(messages: Msg[]): number {
  let n = 0;
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const b of m.content as Array<{ type?: string }>) if (b.type === 'tool_result') n++;
  }
  return n;
}

const sse = (type: string, data: unknown): string => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

export async function startFakeAnthropic(
  steps: ToolStep[],
  opts: { beforeStep?: (index: number) => Promise<void> | void; finalText?: string } = {},
): Promise<FakeAnthropic> {
  const mainRequests: string[] = [];
  const allRequests: string[] = [];
  let msgN = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        allRequests.push(raw);
        if (!req.url?.startsWith('/v1/messages')) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'no' } }));
          return;
        }
        if (req.url.includes('count_tokens')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"input_tokens":10}');
          return;
        }
        const body = JSON.parse(raw || '{}') as {
          model?: string;
          stream?: boolean;
          tools?: Array<{ name: string }>;
          messages?: Msg[];
        };
        const isMain = (body.tools ?? []).some((t) => t.name === 'Bash');
        let block: Record<string, unknown> = { type: 'text', text: opts.finalText ?? 'Done.' };
        let stop = 'end_turn';
        if (isMain) {
          mainRequests.push(raw);
          const i = countToolResults(body.messages ?? []);
          await opts.beforeStep?.(i);
          const step = steps[i];
          if (step) {
            block = {
              type: 'tool_use',
              id: `toolu_e2e_${String(i).padStart(2, '0')}_${msgN}`,
              name: step.name,
              input: step.input,
            };
            stop = 'tool_use';
          }
        } else block = { type: 'text', text: 'ok' };
        msgN++;
        const message = {
          id: `msg_e2e_${msgN}`,
          type: 'message',
          role: 'assistant',
          model: body.model ?? 'claude',
          content: [] as unknown[],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 },
        };
        if (!body.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ...message, content: [block], stop_reason: stop }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(sse('message_start', { type: 'message_start', message }));
        if (block.type === 'tool_use') {
          res.write(
            sse('content_block_start', {
              type: 'content_block_start',
              index: 0,
              content_block: { ...block, input: {} },
            }),
          );
          res.write(
            sse('content_block_delta', {
              type: 'content_block_delta',
              index: 0,
              delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
            }),
          );
        } else {
          res.write(
            sse('content_block_start', {
              type: 'content_block_start',
              index: 0,
              content_block: { type: 'text', text: '' },
            }),
          );
          res.write(
            sse('content_block_delta', {
              type: 'content_block_delta',
              index: 0,
              delta: { type: 'text_delta', text: block.text },
            }),
          );
        }
        res.write(sse('content_block_stop', { type: 'content_block_stop', index: 0 }));
        res.write(
          sse('message_delta', {
            type: 'message_delta',
            delta: { stop_reason: stop, stop_sequence: null },
            usage: { output_tokens: 5 },
          }),
        );
        res.write(sse('message_stop', { type: 'message_stop' }));
        res.end();
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    mainRequests,
    allRequests,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
