/**
 * The Gemini API as the Gemini CLI reads it (`GOOGLE_GEMINI_BASE_URL`): a model turn is
 * `POST /v1beta/models/<m>:streamGenerateContent?alt=sse`, answered with one SSE chunk holding a
 * `functionCall` to `run_shell_command` `{command}` (or to any tool by name) or the final text. Any other `generateContent`
 * (the `auto` model's router, which asks for `{complexity_reasoning, complexity_score}`, and the
 * CLI's other JSON side questions) gets a simple-task JSON answer.
 */
import type { ServerResponse } from 'node:http';
import { sse, type ModelRequest, type ModelStep, type Protocol } from './server.js';

const usageMetadata = { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 };

function part(step: ModelStep): Record<string, unknown> {
  if (step.kind === 'shell')
    return { functionCall: { name: 'run_shell_command', args: { command: step.command } } };
  if (step.kind === 'call') return { functionCall: { name: step.name, args: step.args } };
  return { text: step.text };
}

/** The router's verdict: a simple task (so the flash model answers the turn). */
const ROUTER_ANSWER = JSON.stringify({
  complexity_reasoning: 'A short scripted task.',
  complexity_score: 10,
});

export const geminiProtocol: Protocol = {
  side(r: ModelRequest, res: ServerResponse) {
    if (!(r.method === 'POST' && /:generateContent/.test(r.path))) return false;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        candidates: [
          { content: { role: 'model', parts: [{ text: ROUTER_ANSWER }] }, finishReason: 'STOP', index: 0 },
        ],
        usageMetadata,
      }),
    );
    return true;
  },
  isTurn: (r: ModelRequest) => r.method === 'POST' && /:streamGenerateContent/.test(r.path),
  write(step: ModelStep, _n: number, res: ServerResponse) {
    sse(res, [
      {
        data: {
          candidates: [{ content: { role: 'model', parts: [part(step)] }, finishReason: 'STOP', index: 0 }],
          usageMetadata,
        },
      },
    ]);
  },
};
