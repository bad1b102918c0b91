/**
 * The Recent feed (`GET /api/recent?project=&limit=&before=`): prompts, memories, summaries and
 * failures in time order, newest first. zod only (the renderer bundles it).
 */
import { z } from 'zod';

export const recentQuerySchema = z.object({
  project: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(40),
  /** Only items strictly older than this (ms epoch): the next page. */
  before: z.coerce.number().int().positive().optional(),
});

const recentKindSchema = z.enum(['prompt', 'observation', 'summary', 'failure']);

const recentItemSchema = z.object({
  kind: recentKindSchema,
  /** The row's id in its own table (prompt, observation or summary). */
  id: z.number().int(),
  sessionId: z.number().int(),
  project: z.string(),
  /** The observation type (`bugfix`, `command`, …), null for prompts and summaries. */
  type: z.string().nullable(),
  title: z.string(),
  detail: z.string().nullable(),
  at: z.number().int(),
});

export const recentPageSchema = z.object({
  /**
   * Newest first. A page never ends inside a group of items of one instant (the next page starts
   * strictly before the last item's time), so it can hold a few more than `limit`.
   */
  items: z.array(recentItemSchema),
  /** Pass as `before` for older items; null at the end. */
  nextBefore: z.number().int().nullable(),
});

/** What a client asks (the route reads the same fields from the query string, coerced). */
export const recentRequestSchema = z.object({
  project: z.string().min(1).max(200).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  before: z.number().int().positive().optional(),
});

export type RecentQuery = z.infer<typeof recentRequestSchema>;
export type RecentItem = z.infer<typeof recentItemSchema>;
export type RecentPage = z.infer<typeof recentPageSchema>;
