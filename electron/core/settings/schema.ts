import { z } from 'zod';

/** Tools whose calls are not worth remembering (seed skip list). */
export const DEFAULT_SKIP_TOOLS = [
  'ListMcpResourcesTool',
  'SlashCommand',
  'Skill',
  'TodoWrite',
  'AskUserQuestion',
];

export const DEFAULT_MODEL = 'claude-haiku-4-5';

const syncFolder = z
  .string()
  .min(1)
  .max(1000)
  .refine((p) => /^(\/|[A-Za-z]:[\\/])/.test(p), 'must be an absolute path');
const syncScanMinutes = z.number().int().min(1).max(1440);

export const settingsSchema = z
  .object({
    /** Global pause: nothing is stored while true, or until `pausedUntil` (ms epoch) passes. */
    paused: z.boolean().default(false),
    pausedUntil: z.number().int().positive().nullable().default(null),
    skipTools: z.array(z.string().min(1).max(200)).max(500).default(DEFAULT_SKIP_TOOLS),
    /** Globs of paths whose tool calls are not captured (matched against file paths and cwd). */
    excludedPaths: z.array(z.string().min(1).max(1000)).max(500).default([]),
    redactSecrets: z.boolean().default(true),
    /** Extra regular expressions whose matches are redacted as `[REDACTED:custom]`. */
    customRedactPatterns: z.array(z.string().min(1).max(1000)).max(200).default([]),
    provider: z
      .object({
        model: z.string().min(1).max(200).default(DEFAULT_MODEL),
        baseUrl: z.string().url().nullable().default(null),
        dailyTokenBudget: z.number().int().nonnegative().default(2_000_000),
        concurrency: z.number().int().min(1).max(16).default(2),
        maxAttempts: z.number().int().min(1).max(20).default(5),
        batchSize: z.number().int().min(1).max(50).default(8),
      })
      .strict()
      .default({
        model: DEFAULT_MODEL,
        baseUrl: null,
        dailyTokenBudget: 2_000_000,
        concurrency: 2,
        maxAttempts: 5,
        batchSize: 8,
      }),
    context: z
      .object({
        tokenBudget: z.number().int().min(100).max(50_000).default(1500),
        maxSummaries: z.number().int().min(0).max(50).default(3),
      })
      .strict()
      .default({ tokenBudget: 1500, maxSummaries: 3 }),
    retention: z
      .object({
        /**
         * Compact raw tool inputs/responses older than this many days (structured memories, prompts
         * and summaries stay forever); null keeps raw payloads forever. Default 30: growth stays bounded.
         */
        rawDays: z.number().int().min(1).max(3650).nullable().default(30),
      })
      .strict()
      .default({ rawDays: 30 }),
    sync: z
      .object({
        /**
         * A folder another tool keeps in sync across machines (Syncthing, Dropbox, a git work tree):
         * MemTray writes its own segments under `<folder>/memtray/<machine-id>/` and reads the
         * others'. Null: sync off. Absolute path.
         */
        folder: syncFolder.nullable().default(null),
        /** Also sync the per-project capture toggles (opt-in). */
        projectSettings: z.boolean().default(false),
        /** The safety scan of the folder besides file watching, in minutes (only while a folder is set). */
        scanMinutes: syncScanMinutes.default(10),
      })
      .strict()
      .default({ folder: null, projectSettings: false, scanMinutes: 10 }),
  })
  .strict();

export type Settings = z.infer<typeof settingsSchema>;

/** A partial update as accepted by `PUT /api/settings` (nested objects merge). */
export const settingsPatchSchema = z
  .object({
    paused: z.boolean(),
    pausedUntil: z.number().int().positive().nullable(),
    skipTools: settingsSchema.shape.skipTools.removeDefault(),
    excludedPaths: settingsSchema.shape.excludedPaths.removeDefault(),
    redactSecrets: z.boolean(),
    customRedactPatterns: settingsSchema.shape.customRedactPatterns.removeDefault(),
    provider: settingsSchema.shape.provider.removeDefault().partial(),
    context: settingsSchema.shape.context.removeDefault().partial(),
    retention: settingsSchema.shape.retention.removeDefault().partial(),
    // Spelled out without defaults: zod 4's .partial() keeps inner defaults, so a patch of one
    // field would reset the others.
    sync: z
      .object({ folder: syncFolder.nullable(), projectSettings: z.boolean(), scanMinutes: syncScanMinutes })
      .partial()
      .strict(),
    /** Write-only: stored apart from settings (0600 file or safeStorage), never returned. `null` clears it. */
    apiKey: z.string().min(1).max(500).nullable(),
  })
  .partial()
  .strict();

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}
