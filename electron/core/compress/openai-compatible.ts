/**
 * The `openai-compatible` provider: `/v1/chat/completions` through the `openai` package (Ollama,
 * LM Studio, llama.cpp server, OpenRouter, …), with the output as a forced function call whose
 * parameters are the tool's JSON Schema. A JSON object in the text answer is accepted too (models
 * that ignore `tool_choice`). No key is needed for a local server: then no Authorization header is
 * sent. The SDK's retries are off; the durable queue retries.
 */
import type OpenAI from 'openai';
import { loadedOpenAi, loadOpenAi } from '../util/sdks.js';
import { connectionFailure, httpFailure, type ApiFailure } from './provider.js';
import { jsonOnlyInstructions, ProviderError, type CompressionProvider } from './provider.js';

interface OpenAiConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/** Ollama's OpenAI-compatible endpoint: the default when `provider.baseUrl` is not set. */
export const DEFAULT_OPENAI_BASE_URL = 'http://127.0.0.1:11434/v1';

const clients = new Map<string, OpenAI>();

async function client(c: OpenAiConfig): Promise<OpenAI> {
  const key = `${c.baseUrl}\u0000${c.timeoutMs}\u0000${c.apiKey ?? ''}`;
  let out = clients.get(key);
  if (!out) {
    const Sdk = await loadOpenAi();
    if (clients.size > 8) clients.clear();
    out = new Sdk({
      // The SDK insists on a key; without one the header is removed below.
      apiKey: c.apiKey ?? 'none',
      baseURL: c.baseUrl,
      maxRetries: 0,
      timeout: c.timeoutMs,
      ...(c.apiKey ? {} : { defaultHeaders: { authorization: null } }),
    });
    clients.set(key, out);
  }
  return out;
}

function classifyOpenAiError(err: unknown, now: number): ApiFailure {
  const Sdk = loadedOpenAi();
  if (Sdk && err instanceof Sdk.APIConnectionError)
    return connectionFailure(err instanceof Sdk.APIConnectionTimeoutError);
  if (Sdk && err instanceof Sdk.APIError) {
    const status = err.status ?? 0;
    return httpFailure(status, `HTTP ${status}: ${err.message}`, err.headers, now);
  }
  return { kind: 'retryable', message: (err as Error)?.message ?? String(err), retryAfterMs: null };
}

export function openAiProvider(cfg: OpenAiConfig): CompressionProvider {
  return {
    kind: 'openai-compatible',
    async call(req) {
      let res: OpenAI.Chat.Completions.ChatCompletion;
      try {
        const api = await client(cfg);
        res = await api.chat.completions.create(
          {
            model: cfg.model,
            max_tokens: req.maxTokens,
            messages: [
              { role: 'system', content: jsonOnlyInstructions(req) },
              { role: 'user', content: req.user },
            ],
            tools: [
              {
                type: 'function',
                function: {
                  name: req.tool.name,
                  ...(req.tool.description ? { description: req.tool.description } : {}),
                  parameters: req.tool.input_schema,
                },
              },
            ],
            tool_choice: { type: 'function', function: { name: req.tool.name } },
          },
          req.signal ? { signal: req.signal } : {},
        );
      } catch (err) {
        if (req.signal?.aborted) throw err;
        throw new ProviderError(classifyOpenAiError(err, Date.now()));
      }
      const msg = res.choices?.[0]?.message;
      const call = msg?.tool_calls?.find((t) => t.type === 'function' && t.function.name === req.tool.name);
      let toolInput: unknown = null;
      if (call && call.type === 'function') {
        try {
          toolInput = JSON.parse(call.function.arguments) as unknown;
        } catch {
          toolInput = null;
        }
      }
      const u = res.usage;
      return {
        toolInput,
        text: typeof msg?.content === 'string' ? msg.content : '',
        model: typeof res.model === 'string' && res.model ? res.model : cfg.model,
        usage: {
          inputTokens: Math.max(0, (u?.prompt_tokens ?? 0) - (u?.prompt_tokens_details?.cached_tokens ?? 0)),
          outputTokens: u?.completion_tokens ?? 0,
          cacheReadTokens: u?.prompt_tokens_details?.cached_tokens ?? 0,
          cacheWriteTokens: 0,
        },
      };
    },
  };
}
