/** The compression queue and token usage: `GET /api/queue`, `POST /api/queue/retry`, `GET /api/usage`. */
import { z } from 'zod';
import { epochMs, id } from './common';

export const queueCounts = z.strictObject({
  pending: z.number().int().nonnegative(),
  leased: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Age of the oldest job not done yet (pending or leased); `null` when there is none. */
  oldestPendingAgeMs: z.number().nonnegative().nullable(),
});
export type QueueCounts = z.infer<typeof queueCounts>;

const failedJob = z.strictObject({
  id,
  kind: z.string(),
  subjectId: z.number().int(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  updatedAt: epochMs,
});
export type FailedJob = z.infer<typeof failedJob>;

/** A job being worked on right now (leased): what the queue is compressing. */
const activeJob = z.strictObject({
  id,
  kind: z.string(),
  subjectId: z.number().int(),
  attempts: z.number().int().nonnegative(),
  /** What it is about: the observation's title or tool, the session's first prompt (≤ 120 chars). */
  label: z.string().nullable().optional(),
});
export type ActiveJob = z.infer<typeof activeJob>;
export const queueState = queueCounts.extend({
  failedJobs: z.array(failedJob),
  /** The jobs being compressed right now (at most 10; absent from older services). */
  activeJobs: z.array(activeJob).optional(),
});
export type QueueState = z.infer<typeof queueState>;

/** `POST /api/queue/retry` (no ids: every failed job). */
export const retryRequest = z.strictObject({ ids: z.array(id).max(10_000).optional() });
export const retryResponse = z.strictObject({ retried: z.number().int().nonnegative() });

/** `GET /api/usage?days=`: how many UTC days back. */
export const USAGE_DAYS = { default: 30, min: 1, max: 366 } as const;
export const usageDays = z.number().int().min(USAGE_DAYS.min).max(USAGE_DAYS.max);

const usageDay = z.strictObject({
  day: z.string(),
  model: z.string(),
  requests: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative(),
  cacheWriteTokens: z.number().int().nonnegative(),
});
export type UsageDay = z.infer<typeof usageDay>;

export const usage = z.strictObject({
  days: z.array(usageDay),
  today: z.strictObject({
    used: z.number().int().nonnegative(),
    budget: z.number().nonnegative(),
    exhausted: z.boolean(),
  }),
});
export type Usage = z.infer<typeof usage>;
