/**
 * The Anthropic extractor's transport: one Messages API call through `@anthropic-ai/sdk`, forced
 * tool use, validated output, usage, and an error classification the queue can act on. The SDK's
 * own retries are off (`maxRetries: 0`): the durable queue retries, with backoff and `retry-after`.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { loadAnthropic, loadedAnthropic } from '../util/sdks.js';
import { systemBlocks } from './prompt.js';
import { ProviderError, type CompressionProvider } from './provider.js';

export interface ClientConfig {
  apiKey: string;
  baseUrl: string | null;
  timeoutMs: number;
}

const clients = new Map<string, Anthropic>();

/** A client for this key and endpoint (the SDK is loaded on the first call: util/sdks.ts). */
export async function anthropicClient(c: ClientConfig): Promise<Anthropic> {
  const key = `${c.baseUrl ?? ''}\u0000${c.timeoutMs}\u0000${c.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    const Sdk = await loadAnthropic();
    if (clients.size > 8) clients.clear();
    client = new Sdk({
      apiKey: c.apiKey,
      ...(c.baseUrl ? { baseURL: c.baseUrl } : {}),
      maxRetries: 0,
      timeout: c.timeoutMs,
    });
    clients.set(key, client);
  }
  return client;
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

export async function callTool(
  client: Anthropic,
  params: {
    model: string;
    system: Anthropic.TextBlockParam[];
    tool: Anthropic.Tool;
    user: string;
    maxTokens: number;
    signal?: AbortSignal;
  },
): Promise<ToolCallResult> {
  const msg = await client.messages.create(
    {
      model: params.model,
      max_tokens: params.maxTokens,
      system: params.system,
      tools: [params.tool],
      tool_choice: { type: 'tool', name: params.tool.name },
      messages: [{ role: 'user', content: params.user }],
    },
    params.signal ? { signal: params.signal } : {},
  );
  const content = Array.isArray(msg.content) ? msg.content : [];
  const block = content.find((b) => b.type === 'tool_use' && b.name === params.tool.name);
  const text = content
    .filter((b): b is Anthropic.TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('\n');
  const u = msg.usage;
  return {
    toolInput: block && block.type === 'tool_use' ? block.input : null,
    text,
    model: typeof msg.model === 'string' ? msg.model : params.model,
    usage: {
      inputTokens: u?.input_tokens ?? 0,
      outputTokens: u?.output_tokens ?? 0,
      cacheReadTokens: u?.cache_read_input_tokens ?? 0,
      cacheWriteTokens: u?.cache_creation_input_tokens ?? 0,
    },
  };
}

/** The Anthropic Messages API as a compression provider (forced tool use, cached instructions). */
export function anthropicProvider(c: ClientConfig, model: string): CompressionProvider {
  return {
    kind: 'anthropic',
    call: async (req) =>
      callTool(await anthropicClient(c), {
        model,
        system: systemBlocks(req.instructions, true),
        tool: req.tool as Anthropic.Tool,
        user: req.user,
        maxTokens: req.maxTokens,
        ...(req.signal ? { signal: req.signal } : {}),
      }),
  };
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
export function retryAfterMs(headers: unknown, now: number): number | null {
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
export const ERROR_TEXT_MAX = 300;

/**
 * An error text fit to store or log: an API error may echo request content (a tool output with a
 * secret), so it is redacted first, then capped (capping first could cut a secret into a fragment
 * the rules no longer recognise).
 */
export function safeErrorText(text: string, redact: (text: string) => string): string {
  const out = redact(text.slice(0, 100_000));
  return out.length > ERROR_TEXT_MAX ? `${out.slice(0, ERROR_TEXT_MAX - 1)}…` : out;
}

/**
 * 408/409/429/5xx/529, timeouts and connection errors are retried; other 4xx are not. The message
 * is the raw error text: pass it through `safeErrorText` before storing or logging it.
 */
export function classifyApiError(err: unknown, now: number): ApiFailure {
  if (err instanceof ProviderError) return err.failure;
  const Sdk = loadedAnthropic();
  if (Sdk && err instanceof Sdk.APIConnectionError)
    return connectionFailure(err instanceof Sdk.APIConnectionTimeoutError);
  if (Sdk && err instanceof Sdk.APIError) {
    const status = err.status ?? 0;
    return httpFailure(status, `HTTP ${status}: ${err.apiMessage ?? err.message}`, err.headers, now);
  }
  return {
    kind: 'retryable',
    message: (err as Error)?.message ?? String(err),
    retryAfterMs: null,
  };
}
