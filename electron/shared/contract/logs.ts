/** The service log (`GET /api/logs?level=&limit=`), newest first. zod only (the renderer bundles it). */
import { z } from 'zod';

const logLevelSchema = z.enum(['info', 'warn', 'error']);

export const logsQuerySchema = z.object({
  /** The lowest level shown: info (everything), warn (warnings and errors), error. */
  level: logLevelSchema.default('info'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

const logEntrySchema = z.object({
  at: z.string(),
  level: logLevelSchema,
  message: z.string(),
  /** The structured fields as written (already scrubbed of secrets by the logger), or null. */
  fields: z.string().nullable(),
});

export const logPageSchema = z.object({
  entries: z.array(logEntrySchema),
  /** The file read (the data dir's `memtray.log`). */
  file: z.string(),
  /** Only the end of the file is read; true when older lines were left out. */
  truncated: z.boolean(),
});

export type LogLevel = z.infer<typeof logLevelSchema>;
export type LogEntry = z.infer<typeof logEntrySchema>;
export type LogPage = z.infer<typeof logPageSchema>;
/** What a client asks (the route reads the same fields from the query string, coerced). */
export const logsRequestSchema = z
  .object({ level: logLevelSchema.optional(), limit: z.number().int().min(1).max(500).optional() })
  .strict();
export type LogsRequest = z.infer<typeof logsRequestSchema>;
