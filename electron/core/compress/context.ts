/** What the observe and summarize processors share: the database, settings, queue, usage, clock. */
import type Database from 'better-sqlite3';
import type { SettingsStore } from '../settings/store.js';
import type { Bus } from '../util/bus.js';
import type { Clock } from '../util/clock.js';
import type { Logger } from '../util/logger.js';
import { anthropicClient } from './anthropic.js';
import type { JobQueue } from './queue.js';
import type { UsageLedger } from './usage.js';
import type Anthropic from '@anthropic-ai/sdk';

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
  signal: AbortSignal;
  /** Told about every failed call (a 401/403 marks the API key invalid: compress/key-check.ts). */
  onCallError?: (err: unknown) => void;
}

/** Why the rule-based result stands instead of a model's. */
export type FallbackReason = 'no-key' | 'budget-exhausted' | 'invalid-output';

export const fallbackTag = (reason: FallbackReason): string => `rules:${reason}`;

/** A client when an API key is set and today's budget is not spent; otherwise why not. */
export function llmAvailable(
  ctx: CompressContext,
): { client: Anthropic; model: string } | { fallback: FallbackReason } {
  const key = ctx.settings.apiKey();
  if (!key) return { fallback: 'no-key' };
  const p = ctx.settings.get().provider;
  if (ctx.usage.exhausted(p.dailyTokenBudget)) return { fallback: 'budget-exhausted' };
  return {
    client: anthropicClient({ apiKey: key, baseUrl: p.baseUrl, timeoutMs: ctx.timeoutMs }),
    model: p.model,
  };
}
