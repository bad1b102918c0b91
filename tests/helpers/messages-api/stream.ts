/**
 * Streaming answers (`stream: true`, as the real Claude Code CLI asks) for the scripted Messages API:
 * one content block as server-sent events. Also the answer for a request with no forced tool (the
 * claude-code provider asks for a JSON object in text): the tool input the request's instructions
 * name, as text.
 */
import type { ServerResponse } from 'node:http';

const sse = (type: string, data: unknown): string => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

export type Block =
  { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

export function streamMessage(
  res: ServerResponse,
  message: { id: string; model: string; usage: Record<string, number> },
  block: Block,
  stop: string,
): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const start = {
    ...message,
    type: 'message',
    role: 'assistant',
    content: [],
    stop_reason: null,
    stop_sequence: null,
  };
  res.write(
    sse('message_start', {
      type: 'message_start',
      message: { ...start, usage: { ...message.usage, output_tokens: 1 } },
    }),
  );
  const empty = block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} };
  res.write(sse('content_block_start', { type: 'content_block_start', index: 0, content_block: empty }));
  const delta =
    block.type === 'text'
      ? { type: 'text_delta', text: block.text }
      : { type: 'input_json_delta', partial_json: JSON.stringify(block.input) };
  res.write(sse('content_block_delta', { type: 'content_block_delta', index: 0, delta }));
  res.write(sse('content_block_stop', { type: 'content_block_stop', index: 0 }));
  res.write(
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: message.usage.output_tokens ?? 1 },
    }),
  );
  res.write(sse('message_stop', { type: 'message_stop' }));
  res.end();
}
