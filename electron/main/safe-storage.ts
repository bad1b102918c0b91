/** Electron's `safeStorage` as the `Cipher` of the encrypted secret store. */
import { safeStorage } from 'electron';
import type { Cipher } from './secret-store.js';

/**
 * On Linux without a keyring, safeStorage falls back to `basic_text` (a hard-coded password):
 * that is obfuscation, not encryption, so it counts as unavailable here.
 */
export function safeStorageCipher(platform: NodeJS.Platform = process.platform): Cipher {
  return {
    available() {
      if (!safeStorage.isEncryptionAvailable()) return false;
      return platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
    },
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
