import { eq } from 'drizzle-orm';
import { settings as settingsTable } from '../../../drizzle/schema.js';
import type { Drizzle } from '../db/open.js';
import type { Clock } from '../util/clock.js';
import { migrateSettings, settingsRow } from './migrate.js';
import type { SecretStore, SecretStores } from './secrets.js';
import {
  settingsSchema,
  type ProviderKind,
  type PublicSettings,
  type Settings,
  type SettingsPatch,
} from '../../shared/contract/settings.js';

const KEY = 'settings';

/** The secret store refused the key (e.g. no OS keychain); the settings API answers 409. */
export class SecretStoreError extends Error {}

/** Settings persisted as one validated JSON row, cached in memory. */
export class SettingsStore {
  private cached: Settings | null = null;
  /** The Anthropic API key. */
  private readonly secrets: SecretStore;
  /** The `openai-compatible` endpoint's key (optional: local servers need none). */
  private readonly openaiSecrets: SecretStore;
  /** The embeddings provider's key (write-only like the API key). */
  private readonly embeddingSecrets: SecretStore;

  constructor(
    private readonly db: Drizzle,
    /** Every key is made through this one factory (secrets.ts). */
    secretStore: SecretStores,
    private readonly clock: Clock,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.secrets = secretStore('api-key');
    this.openaiSecrets = secretStore('openai-key');
    this.embeddingSecrets = secretStore('embeddings-key');
  }

  get(): Settings {
    if (this.cached) return this.cached;
    const row = this.db.select().from(settingsTable).where(eq(settingsTable.key, KEY)).get();
    let parsed: Settings;
    try {
      parsed = settingsSchema.parse(row ? migrateSettings(JSON.parse(row.value)) : {});
    } catch {
      // A row written by a newer/older version that no longer validates: fall back to defaults
      // rather than refusing to start. The row is rewritten on the next update.
      parsed = settingsSchema.parse({});
    }
    this.cached = parsed;
    return parsed;
  }

  /**
   * Applies a validated patch; nested objects merge. Returns the changed top-level keys. The API key
   * is stored first: if the secret store refuses it (no OS keychain), nothing else changes either.
   */
  update(patch: SettingsPatch): string[] {
    const { apiKey, openaiApiKey, embeddingsKey, ...rest } = patch;
    const current = this.get();
    const merged = settingsSchema.parse({
      ...current,
      ...rest,
      provider: { ...current.provider, ...rest.provider },
      context: { ...current.context, ...rest.context },
      retention: { ...current.retention, ...rest.retention },
      embeddings: { ...current.embeddings, ...rest.embeddings },
      ui: { ...current.ui, ...rest.ui },
      sync: { ...current.sync, ...rest.sync },
    });
    const changed = Object.keys(rest);
    // Keys first: if a secret store refuses one (no OS keychain), nothing else changes either.
    const keys: Array<[string, string | null | undefined, SecretStore, string]> = [
      ['apiKey', apiKey, this.secrets, 'the API key'],
      ['openaiApiKey', openaiApiKey, this.openaiSecrets, 'the API key'],
      ['embeddingsKey', embeddingsKey, this.embeddingSecrets, 'the embeddings key'],
    ];
    for (const [name, value, store, what] of keys) {
      if (value === undefined) continue;
      try {
        store.set(value);
      } catch (err) {
        throw new SecretStoreError(`cannot store ${what}: ${(err as Error).message}`);
      }
      changed.push(name);
    }
    if (Object.keys(rest).length === 0) return changed;
    const now = this.clock();
    const value = settingsRow(merged);
    this.db
      .insert(settingsTable)
      .values({ key: KEY, value, updatedAt: now })
      .onConflictDoUpdate({ target: settingsTable.key, set: { value, updatedAt: now } })
      .run();
    this.cached = merged;
    return changed;
  }

  /** The key from settings (secret store) first, then `ANTHROPIC_API_KEY`. */
  apiKey(): string | null {
    return this.secrets.get() ?? (this.env.ANTHROPIC_API_KEY?.trim() || null);
  }

  /** The `openai-compatible` key: stored in settings, else `MEMTRAY_OPENAI_API_KEY` (never `OPENAI_API_KEY`). */
  openaiApiKey(): string | null {
    return this.openaiSecrets.get() ?? (this.env.MEMTRAY_OPENAI_API_KEY?.trim() || null);
  }

  /** `provider.kind`, or when automatic: `anthropic` when a key is set, else `rules`. */
  providerKind(): ProviderKind {
    return this.get().provider.kind ?? (this.apiKey() ? 'anthropic' : 'rules');
  }

  /** The embeddings key from settings, then `VOYAGE_API_KEY` for Voyage (never sent elsewhere). */
  embeddingsKey(): string | null {
    const stored = this.embeddingSecrets.get();
    if (stored) return stored;
    return this.get().embeddings.kind === 'voyage' ? this.env.VOYAGE_API_KEY?.trim() || null : null;
  }

  publicView(): PublicSettings {
    const fromStore = this.secrets.get();
    const fromEnv = this.env.ANTHROPIC_API_KEY?.trim();
    return {
      ...this.get(),
      apiKeySet: Boolean(fromStore ?? fromEnv),
      apiKeySource: fromStore ? 'settings' : fromEnv ? 'env' : null,
      openaiApiKeySet: this.openaiApiKey() !== null,
      providerKind: this.providerKind(),
      embeddingsKeySet: this.embeddingsKey() !== null,
    };
  }

  /** True while global capture is paused. */
  isPaused(now: number = this.clock()): boolean {
    const s = this.get();
    if (s.pausedUntil !== null && s.pausedUntil > now) return true;
    return s.paused;
  }
}
