/**
 * One contract for every compression provider (Anthropic API, the user's `claude` CLI, an
 * OpenAI-compatible endpoint): a structured call in, the forced tool's input (or text that may
 * hold the JSON) plus usage out. Failures are thrown as `ProviderError` carrying the queue's
 * classification (retryable with an optional wait, or fatal), so the worker treats all alike.
 */
import type { z } from 'zod';

/** A tool as the model sees it: a name, a description and a JSON Schema for its input. */
interface ToolSpec {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

interface StructuredCall {
  /** Stable instructions (cached where the provider can). */
  instructions: string;
  tool: ToolSpec;
  /** The variable part: the batch of tool calls or the session material. */
  user: string;
  maxTokens: number;
  signal?: AbortSignal;
}

type StructuredResult = ToolCallResult;

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

export interface CallUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export interface ToolCallResult {
  /** The forced tool's input, or null when the model answered otherwise (prose, other tool). */
  toolInput: unknown;
  text: string;
  usage: CallUsage;
  model: string;
}

/** A tool input that did not come as tool use may still be a JSON object in the text. */
export function parseStructured<S extends z.ZodType>(schema: S, r: ToolCallResult): z.infer<S> | null {
  const direct = schema.safeParse(r.toolInput);
  if (direct.success) return direct.data;
  const start = r.text.indexOf('{');
  const end = r.text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const fromText = schema.safeParse(JSON.parse(r.text.slice(start, end + 1)));
    return fromText.success ? fromText.data : null;
  } catch {
    return null;
  }
}

export type ApiFailure =
  | {
      kind: 'retryable';
      message: string;
      retryAfterMs: number | null;
      /** A 429 or a subscription usage limit: the whole provider waits, not only this job. */
      rateLimited?: boolean;
    }
  | { kind: 'fatal'; message: string };

/** `retry-after-ms` / `retry-after` (seconds or an HTTP date) of a response's headers. */
function retryAfterMs(headers: unknown, now: number): number | null {
  if (!headers || typeof (headers as Headers).get !== 'function') return null;
  const h = headers as Headers;
  const ms = h.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const v = h.get('retry-after');
  if (!v) return null;
  const secs = Number(v);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** An HTTP error answer of any provider: 408/409/429/5xx are retried (after `retry-after`), other statuses not. */
export function httpFailure(status: number, message: string, headers: unknown, now: number): ApiFailure {
  if (status === 408 || status === 409 || status === 429 || status >= 500) {
    const wait = retryAfterMs(headers, now);
    return {
      kind: 'retryable',
      message,
      retryAfterMs: wait,
      ...(status === 429 ? { rateLimited: true } : {}),
    };
  }
  return { kind: 'fatal', message };
}

/** Any provider's request that got no answer: retried. */
export function connectionFailure(timedOut: boolean): ApiFailure {
  return {
    kind: 'retryable',
    message: timedOut ? 'request timed out' : 'connection error',
    retryAfterMs: null,
  };
}

/** The longest error text kept in `jobs.last_error` and the log. */
const ERROR_TEXT_MAX = 300;

/**
 * An error text fit to store or log: an API error may echo request content (a tool output with a
 * secret), so it is redacted first, then capped (capping first could cut a secret into a fragment
 * the rules no longer recognise).
 */
export function safeErrorText(text: string, redact: (text: string) => string): string {
  const out = redact(text.slice(0, 100_000));
  return out.length > ERROR_TEXT_MAX ? `${out.slice(0, ERROR_TEXT_MAX - 1)}…` : out;
}
