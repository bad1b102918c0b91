/**
 * One contract for every compression provider (Anthropic API, the user's `claude` CLI, an
 * OpenAI-compatible endpoint): a structured call in, the forced tool's input (or text that may
 * hold the JSON) plus usage out. Failures are thrown as `ProviderError` carrying the queue's
 * classification (retryable with an optional wait, or fatal), so the worker treats all alike.
 */
import type { ApiFailure, CallUsage, ToolCallResult } from './anthropic.js';

/** A tool as the model sees it: a name, a description and a JSON Schema for its input. */
export interface ToolSpec {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

export interface StructuredCall {
  /** Stable instructions (cached where the provider can). */
  instructions: string;
  tool: ToolSpec;
  /** The variable part: the batch of tool calls or the session material. */
  user: string;
  maxTokens: number;
  signal?: AbortSignal;
}

export type StructuredResult = ToolCallResult;

export interface CompressionProvider {
  /** The provider kind, for logs and Health. */
  readonly kind: string;
  call(req: StructuredCall): Promise<StructuredResult>;
}

/** A provider failure, already classified for the queue (retry with backoff, or fail at once). */
export class ProviderError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
    this.name = 'ProviderError';
  }
}

export const noUsage = (): CallUsage => ({
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
});

/** The instructions for providers without forced tool use: answer with the tool's JSON only. */
export function jsonOnlyInstructions(req: StructuredCall): string {
  return `${req.instructions}

Answer with one JSON object only, no prose and no code fence: the input of the ${req.tool.name} tool,
matching this JSON Schema:
${JSON.stringify(req.tool.input_schema)}`;
}
