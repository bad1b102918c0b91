/** What the observe and summarize processors share: the database, settings, queue, usage, clock. */
import type Database from 'better-sqlite3';
import type { SettingsStore } from '../settings/store.js';
import type { Bus } from '../util/bus.js';
import type { Clock } from '../util/clock.js';
import { internalRunDir } from '../util/internal-runs.js';
import type { Logger } from '../util/logger.js';
import { anthropicProvider } from './anthropic.js';
import { claudeCodeProvider } from './claude-code.js';
import { findClaude } from './claude-path.js';
import { DEFAULT_OPENAI_BASE_URL, openAiProvider } from './openai-compatible.js';
import type { CompressionProvider } from './provider.js';
import type { ProviderStatus } from './provider-status.js';
import type { JobQueue } from '../jobs/queue.js';
import type { UsageLedger } from './usage.js';

export interface CompressContext {
  db: Database.Database;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  settings: SettingsStore;
  queue: JobQueue;
  usage: UsageLedger;
  /** Redaction applied to everything sent and everything the model returns. */
  redact: (text: string) => string;
  /** Per-request timeout of the Messages API call. */
  timeoutMs: number;
  /** Per-run timeout of a `claude` CLI run (start-up included). */
  cliTimeoutMs: number;
  /** The data dir: the `claude` runs start in an internal folder inside it. */
  dataDir: string;
  /** Last success, last failure, rate-limit wait (Health). */
  status: ProviderStatus;
  signal: AbortSignal;
}

/** Why the rule-based result stands instead of a model's. */
export type FallbackReason = 'no-key' | 'budget-exhausted' | 'invalid-output';

export const fallbackTag = (reason: FallbackReason): string => `rules:${reason}`;

/** The provider in force when today's budget is not spent; otherwise why the rules stand. */
export function llmAvailable(
  ctx: Pick<CompressContext, 'settings' | 'usage' | 'timeoutMs' | 'cliTimeoutMs' | 'dataDir'>,
): { provider: CompressionProvider } | { fallback: FallbackReason } {
  const kind = ctx.settings.providerKind();
  const p = ctx.settings.get().provider;
  if (kind === 'rules') return { fallback: 'no-key' };
  const key = ctx.settings.apiKey();
  if (kind === 'anthropic' && !key) return { fallback: 'no-key' };
  if (ctx.usage.exhausted(p.dailyTokenBudget)) return { fallback: 'budget-exhausted' };
  if (kind === 'claude-code') {
    return {
      provider: claudeCodeProvider({
        path: findClaude(p.claudePath),
        model: p.model,
        timeoutMs: ctx.cliTimeoutMs,
        cwd: internalRunDir(ctx.dataDir, 'claude-code'),
      }),
    };
  }
  if (kind === 'openai-compatible') {
    return {
      provider: openAiProvider({
        baseUrl: p.baseUrl ?? DEFAULT_OPENAI_BASE_URL,
        apiKey: ctx.settings.openaiApiKey(),
        model: p.model,
        timeoutMs: ctx.timeoutMs,
      }),
    };
  }
  if (!key) return { fallback: 'no-key' };
  return {
    provider: anthropicProvider({ apiKey: key, baseUrl: p.baseUrl, timeoutMs: ctx.timeoutMs }, p.model),
  };
}
