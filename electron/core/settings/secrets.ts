/**
 * Every secret MemTray keeps, by name, and the one factory each of them is made through: the
 * headless service keeps them in 0600 files (`<dataDir>/<name>`), the desktop app encrypts every
 * one with the OS keychain (electron/main/secret-store.ts). A secret added here is stored however
 * the host stores the others: none can be left in clear by a host that forgot it.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where one secret lives: a 0600 file headless, Electron's safeStorage in the app (electron/main/secret-store.ts). */
export interface SecretStore {
  get(): string | null;
  set(value: string | null): void;
}

/**
 * The key in a 0600 file. Reads are cached for `ttlMs` (the key is consulted on every captured tool
 * call); writes through this store update the cache at once.
 */
function fileSecretStore(file: string, ttlMs = 5000, clock: () => number = Date.now): SecretStore {
  let cached: { value: string | null; at: number } | null = null;
  const read = (): string | null => {
    try {
      const v = readFileSync(file, 'utf8').trim();
      return v === '' ? null : v;
    } catch {
      return null;
    }
  };
  return {
    get() {
      const now = clock();
      if (!cached || now - cached.at > ttlMs) cached = { value: read(), at: now };
      return cached.value;
    },
    set(value) {
      if (value === null) rmSync(file, { force: true });
      else {
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, value, { mode: 0o600 });
        renameSync(tmp, file);
      }
      cached = { value, at: clock() };
    },
  };
}

function memorySecretStore(initial: string | null = null): SecretStore {
  let v = initial;
  return { get: () => v, set: (x) => void (v = x) };
}

export const SECRET_NAMES = ['api-key', 'openai-key', 'embeddings-key'] as const;
type SecretName = (typeof SECRET_NAMES)[number];

/** The write-only settings field (`PUT /api/settings`) that sets each secret. */
export const SECRET_FIELDS = {
  apiKey: 'api-key',
  openaiApiKey: 'openai-key',
  embeddingsKey: 'embeddings-key',
} as const satisfies Record<string, SecretName>;

/** Makes the store of one secret. */
export type SecretStores = (name: SecretName) => SecretStore;

/** Each secret in a 0600 file of the data dir (the headless service). */
export function fileSecretStores(root: string): SecretStores {
  return (name) => fileSecretStore(join(root, name));
}

/** Each secret in memory (tests), some set from the start; one store per name. */
export function memorySecretStores(initial: Partial<Record<SecretName, string | null>> = {}): SecretStores {
  const made = new Map<SecretName, SecretStore>();
  return (name) => {
    let s = made.get(name);
    if (!s) made.set(name, (s = memorySecretStore(initial[name] ?? null)));
    return s;
  };
}
