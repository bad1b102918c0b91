/**
 * The Anthropic extractor's transport: one Messages API call through `@anthropic-ai/sdk`, forced
 * tool use, validated output, usage, and an error classification the queue can act on. The SDK's
 * own retries are off (`maxRetries: 0`): the durable queue retries, with backoff and `retry-after`.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { loadAnthropic, loadedAnthropic } from '../util/sdks.js';
import { systemBlocks } from './prompt.js';
import {
  connectionFailure,
  httpFailure,
  ProviderError,
  type ApiFailure,
  type CompressionProvider,
  type ToolCallResult,
} from './provider.js';

interface ClientConfig {
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

async function callTool(
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
