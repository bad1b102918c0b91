/**
 * The OpenAI Responses API over SSE, as the Codex CLI reads it (`POST /v1/responses`): a shell step
 * is a `function_call` to `exec_command` with `{cmd}`, a call to `apply_patch` the `custom_tool_call`
 * Codex's freeform patch tool takes (the patch as its input), a text step an assistant message;
 * each ends with `response.completed` and its usage.
 */
import type { ServerResponse } from 'node:http';
import { sse, type ModelRequest, type ModelStep, type Protocol } from './server.js';

const usage = {
  input_tokens: 100,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 20,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 120,
};

function item(step: ModelStep, n: number): Record<string, unknown> {
  if (step.kind === 'call' && step.name === 'apply_patch')
    return {
      type: 'custom_tool_call',
      id: `ctc_${n}`,
      call_id: `call_${n}`,
      name: 'apply_patch',
      input: String(step.args.input),
      status: 'completed',
    };
  if (step.kind !== 'text')
    return {
      type: 'function_call',
      id: `fc_${n}`,
      call_id: `call_${n}`,
      name: step.kind === 'shell' ? 'exec_command' : step.name,
      arguments: JSON.stringify(step.kind === 'shell' ? { cmd: step.command } : step.args),
      status: 'completed',
    };
  return {
    type: 'message',
    id: `msg_${n}`,
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: step.text, annotations: [] }],
  };
}

export const responsesProtocol: Protocol = {
  isTurn: (r: ModelRequest) => r.method === 'POST' && r.path.startsWith('/v1/responses'),
  write(step: ModelStep, n: number, res: ServerResponse) {
    const id = `resp_${n}`;
    const it = item(step, n);
    sse(res, [
      { event: 'response.created', data: { type: 'response.created', response: { id } } },
      {
        event: 'response.output_item.added',
        data: { type: 'response.output_item.added', output_index: 0, item: it },
      },
      {
        event: 'response.output_item.done',
        data: { type: 'response.output_item.done', output_index: 0, item: it },
      },
      {
        event: 'response.completed',
        data: { type: 'response.completed', response: { id, usage, output: [it] } },
      },
    ]);
  },
};
