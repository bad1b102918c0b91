/**
 * The settings: their schema with defaults (what the store keeps), the patch `PUT /api/settings`
 * accepts, and what the API answers. Shared with the renderer, which types its forms with them.
 */
import { z } from 'zod';
import { acceleratorProblem, DEFAULT_SHORTCUT } from '../accelerator';
import { DEFAULT_SKIP_TOOLS } from './tools';

const DEFAULT_MODEL = 'claude-haiku-4-5';

/** Who writes the memories: rules only, or a model through one of the providers. */
const PROVIDER_KINDS = ['rules', 'anthropic', 'claude-code', 'openai-compatible'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
/** Semantic search (recall/vectors): who computes embeddings, if anyone. */
const EMBEDDING_KINDS = ['none', 'openai-compatible', 'voyage'] as const;

const embeddingsFields = {
  /** `none`: search is the lexical search alone and nothing is embedded. */
  kind: z.enum(EMBEDDING_KINDS),
  /** `openai-compatible`: the API root holding `/embeddings` (e.g. `http://127.0.0.1:11434/v1`). */
  baseUrl: z.string().url().max(500).nullable(),
  model: z.string().min(1).max(200),
  /** Asked of the provider when set (models that can shorten vectors); else the model's own. */
  dimensions: z.number().int().min(8).max(4096).nullable(),
  /** Texts per embeddings request. */
  batchSize: z.number().int().min(1).max(256),
};

export const embeddingsSchema = z
  .object({
    kind: embeddingsFields.kind.default('none'),
    baseUrl: embeddingsFields.baseUrl.default(null),
    model: embeddingsFields.model.default('nomic-embed-text'),
    dimensions: embeddingsFields.dimensions.default(null),
    batchSize: embeddingsFields.batchSize.default(32),
  })
  .strict();

export type EmbeddingsSettings = z.infer<typeof embeddingsSchema>;

/** The UI's own settings: the global shortcut (null: none) and the editor file links open in. */
const uiSchema = z
  .object({
    shortcut: z
      .string()
      .max(100)
      .refine((s) => acceleratorProblem(s) === null, {
        message: 'not a valid shortcut (e.g. CommandOrControl+Alt+Shift+M)',
      })
      .nullable()
      .default(DEFAULT_SHORTCUT),
    editor: z.enum(['vscode', 'cursor', 'none']).default('vscode'),
  })
  .strict();

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
    /** Tools whose calls are never captured (nothing of them is journaled, spooled or stored). */
    skipTools: z
      .array(z.string().min(1).max(200))
      .max(500)
      .default(() => [...DEFAULT_SKIP_TOOLS]),
    /** Globs of paths whose tool calls are not captured (matched against file paths and cwd). */
    excludedPaths: z.array(z.string().min(1).max(1000)).max(500).default([]),
    redactSecrets: z.boolean().default(true),
    /** Extra regular expressions whose matches are redacted as `[REDACTED:custom]`. */
    customRedactPatterns: z.array(z.string().min(1).max(1000)).max(200).default([]),
    provider: z
      .object({
        /** null: automatic (`anthropic` when a key is set, else `rules`). */
        kind: z.enum(PROVIDER_KINDS).nullable().default(null),
        /** The `claude` CLI for `claude-code` (null: `claude` on PATH). */
        claudePath: z.string().min(1).max(1000).nullable().default(null),
        /** How many `claude` processes run at once (a subscription has rate limits). */
        claudeConcurrency: z.number().int().min(1).max(4).default(1),
        model: z.string().min(1).max(200).default(DEFAULT_MODEL),
        baseUrl: z.string().url().nullable().default(null),
        dailyTokenBudget: z.number().int().nonnegative().default(2_000_000),
        concurrency: z.number().int().min(1).max(16).default(2),
        maxAttempts: z.number().int().min(1).max(20).default(5),
        batchSize: z.number().int().min(1).max(50).default(8),
      })
      .strict()
      .default({
        kind: null,
        claudePath: null,
        claudeConcurrency: 1,
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
    embeddings: embeddingsSchema.default({
      kind: 'none',
      baseUrl: null,
      model: 'nomic-embed-text',
      dimensions: null,
      batchSize: 32,
    }),
    ui: uiSchema.default({ shortcut: DEFAULT_SHORTCUT, editor: 'vscode' }),
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

type NoDefaults<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer I extends z.ZodType> ? I : S[K]>;
};

/**
 * A nested object's patch: every field optional and without its default. (`.partial()` keeps the
 * defaults, and zod 4 applies them to absent keys: `{provider: {model}}` would reset every other
 * provider field to its default when merged.)
 */
function patchOf<S extends z.ZodRawShape>(o: z.ZodObject<S>): z.ZodObject<NoDefaults<S>, z.core.$strict> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(o.shape) as Array<[string, z.ZodType]>) {
    const inner = v instanceof z.ZodDefault ? (v.removeDefault() as z.ZodType) : v;
    shape[k] = inner.optional();
  }
  return z.object(shape).strict() as unknown as z.ZodObject<NoDefaults<S>, z.core.$strict>;
}

/** A partial update as accepted by `PUT /api/settings` (nested objects merge). */
export const settingsPatchSchema = z
  .object({
    paused: z.boolean(),
    pausedUntil: z.number().int().positive().nullable(),
    skipTools: settingsSchema.shape.skipTools.removeDefault(),
    excludedPaths: settingsSchema.shape.excludedPaths.removeDefault(),
    redactSecrets: z.boolean(),
    customRedactPatterns: settingsSchema.shape.customRedactPatterns.removeDefault(),
    provider: patchOf(settingsSchema.shape.provider.removeDefault()),
    context: patchOf(settingsSchema.shape.context.removeDefault()),
    retention: patchOf(settingsSchema.shape.retention.removeDefault()),
    embeddings: z.object(embeddingsFields).partial().strict(),
    ui: patchOf(uiSchema),
    sync: patchOf(settingsSchema.shape.sync.removeDefault()),
    /** Write-only: stored apart from settings (0600 file or safeStorage), never returned. `null` clears it. */
    apiKey: z.string().min(1).max(500).nullable(),
    /** Write-only key of the `openai-compatible` endpoint (none for Ollama); `null` clears it. */
    openaiApiKey: z.string().min(1).max(500).nullable(),
    /** Write-only key of the embeddings provider (Voyage, a hosted OpenAI-compatible API). */
    embeddingsKey: z.string().min(1).max(500).nullable(),
  })
  .partial()
  .strict();

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** What the settings API answers: the settings and which keys are set, never a key itself. */
export const publicSettings = settingsSchema
  .extend({
    apiKeySet: z.boolean(),
    apiKeySource: z.enum(['settings', 'env']).nullable(),
    /** Whether a key for the `openai-compatible` endpoint is stored. */
    openaiApiKeySet: z.boolean(),
    /** The provider in force: `provider.kind`, or when null `anthropic` with a key, else `rules`. */
    providerKind: z.enum(PROVIDER_KINDS),
    embeddingsKeySet: z.boolean(),
  })
  .strict();

export type PublicSettings = z.output<typeof publicSettings>;
