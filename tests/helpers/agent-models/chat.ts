/**
 * OpenAI Chat Completions over SSE, as opencode's `@ai-sdk/openai-compatible` provider reads it
 * (`POST /v1/chat/completions`, `stream: true`): a shell step is a `tool_calls` delta to opencode's
 * `bash` tool `{command, description}`, a text step a content delta; each ends with a
 * `finish_reason`, the usage, and `[DONE]`. opencode's title request (streamed too, its system
 * prompt starts "You are a title generator") gets a title and leaves the script alone; a request
 * that is not streamed gets a plain JSON answer.
 */
import type { ServerResponse } from 'node:http';
import { type ModelRequest, type ModelStep, type Protocol } from './server.js';

const usage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };

function chunk(n: number, delta: Record<string, unknown>, finish: string | null): Record<string, unknown> {
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion.chunk',
    created: 1_780_000_000,
    model: 'scripted',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

function deltas(step: ModelStep, n: number): Array<Record<string, unknown>> {
  if (step.kind === 'text')
    return [chunk(n, { role: 'assistant', content: step.text }, null), chunk(n, {}, 'stop')];
  const [name, args] =
    step.kind === 'shell'
      ? ['bash', JSON.stringify({ command: step.command, description: 'Run the scripted command' })]
      : [step.name, JSON.stringify(step.args)];
  const call = { index: 0, id: `call_${n}`, type: 'function', function: { name, arguments: args } };
  return [chunk(n, { role: 'assistant', tool_calls: [call] }, null), chunk(n, {}, 'tool_calls')];
}

function writeSse(res: ServerResponse, n: number, step: ModelStep): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const d of deltas(step, n)) res.write(`data: ${JSON.stringify(d)}\n\n`);
  res.write(`data: ${JSON.stringify({ ...chunk(n, {}, null), choices: [], usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

const isTitle = (r: ModelRequest): boolean => r.raw.includes('You are a title generator');

const streamed = (r: ModelRequest): boolean => {
  try {
    return (JSON.parse(r.raw) as { stream?: unknown }).stream === true;
  } catch {
    return false;
  }
};

export const chatProtocol: Protocol = {
  side(r: ModelRequest, res: ServerResponse) {
    if (!(r.method === 'POST' && r.path.startsWith('/v1/chat/completions'))) return false;
    if (isTitle(r) && streamed(r))
      return (writeSse(res, 0, { kind: 'text', text: 'Scripted session' }), true);
    if (streamed(r)) return false;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-title',
        object: 'chat.completion',
        created: 1_780_000_000,
        model: 'scripted',
        choices: [
          { index: 0, message: { role: 'assistant', content: 'Scripted session' }, finish_reason: 'stop' },
        ],
        usage,
      }),
    );
    return true;
  },
  isTurn: (r: ModelRequest) =>
    r.method === 'POST' && r.path.startsWith('/v1/chat/completions') && streamed(r) && !isTitle(r),
  write: (step: ModelStep, n: number, res: ServerResponse) => writeSse(res, n, step),
};
