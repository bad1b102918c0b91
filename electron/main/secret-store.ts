/**
 * The desktop app's secrets: every one (settings/secrets.ts SECRET_NAMES) encrypted with Electron's
 * `safeStorage` (OS keychain / DPAPI / libsecret) into `<dataDir>/<name>.enc`, mode 0600. Never
 * written in clear; if encryption is not available, saving a key fails with a clear message
 * instead. The cipher is injected, so this is Electron-free and tested under Node.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretStores } from '../core/settings/secrets.js';
import type { SecretStore } from '../core/settings/secrets.js';

export interface Cipher {
  available(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}

class SecretStoreUnavailable extends Error {
  readonly status = 503;
}

interface EncryptedStoreFiles {
  /** The encrypted key. */
  encrypted: string;
  /** The clear 0600 file `memtray serve` keeps; read as a fallback, removed when a key is saved here. */
  legacyClear: string;
}

/** `name`: one of settings/secrets.ts SECRET_NAMES. */
export function encryptedStoreFiles(dataDir: string, name = 'api-key'): EncryptedStoreFiles {
  return { encrypted: join(dataDir, `${name}.enc`), legacyClear: join(dataDir, name) };
}

export function encryptedSecretStore(
  files: EncryptedStoreFiles,
  cipher: Cipher,
  onError: (msg: string) => void = () => {},
): SecretStore {
  return {
    get() {
      if (existsSync(files.encrypted)) {
        try {
          const v = cipher.decrypt(readFileSync(files.encrypted)).trim();
          return v === '' ? null : v;
        } catch (err) {
          onError(`cannot decrypt the stored API key: ${(err as Error).message}`);
          return null;
        }
      }
      try {
        const v = readFileSync(files.legacyClear, 'utf8').trim();
        return v === '' ? null : v;
      } catch {
        return null;
      }
    },
    set(value) {
      if (value === null) {
        rmSync(files.encrypted, { force: true });
        rmSync(files.legacyClear, { force: true });
        return;
      }
      if (!cipher.available())
        throw new SecretStoreUnavailable(
          'secure storage is not available on this system: the API key was not saved (set ANTHROPIC_API_KEY instead)',
        );
      const data = cipher.encrypt(value);
      if (data.includes(Buffer.from(value, 'utf8')))
        throw new SecretStoreUnavailable(
          'secure storage returned the key unencrypted: the API key was not saved',
        );
      const tmp = `${files.encrypted}.${process.pid}.tmp`;
      writeFileSync(tmp, data, { mode: 0o600 });
      renameSync(tmp, files.encrypted);
      rmSync(files.legacyClear, { force: true });
    },
  };
}

/** The app's secret factory: every secret MemTray keeps goes through it, encrypted. */
export function encryptedSecretStores(
  dataDir: string,
  cipher: Cipher,
  onError: (msg: string) => void = () => {},
): SecretStores {
  return (name) => encryptedSecretStore(encryptedStoreFiles(dataDir, name), cipher, onError);
}
