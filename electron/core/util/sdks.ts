/**
 * The provider SDKs, loaded on first use. Each costs resident memory as soon as it is imported
 * (measured on Node 20: a bare HTTP server 43 MiB, with `openai` imported 55 MiB, with
 * `@anthropic-ai/sdk` 65 MiB), and most processes never call one: the rules provider, the
 * `claude-code` provider, embeddings off, the `memtray` commands that only read. Once loaded a
 * module stays. `loaded*()` answers without loading: an error can only be the SDK's if the SDK was
 * loaded to make the call that threw it.
 */
import type AnthropicSdk from '@anthropic-ai/sdk';
import type OpenAiSdk from 'openai';

let anthropic: typeof AnthropicSdk | null = null;
let openai: typeof OpenAiSdk | null = null;

export async function loadAnthropic(): Promise<typeof AnthropicSdk> {
  anthropic ??= (await import('@anthropic-ai/sdk')).default;
  return anthropic;
}

export const loadedAnthropic = (): typeof AnthropicSdk | null => anthropic;

export async function loadOpenAi(): Promise<typeof OpenAiSdk> {
  openai ??= (await import('openai')).default;
  return openai;
}

export const loadedOpenAi = (): typeof OpenAiSdk | null => openai;
