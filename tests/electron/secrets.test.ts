/**
 * Every secret the desktop app keeps goes through one factory (settings/secrets.ts) and, in the app,
 * is encrypted by the OS keychain (electron/main/secret-store.ts, safeStorage standing in as a real
 * AES cipher): set through the shell as the renderer sets them, each is usable by the core and no
 * file of the data dir holds it in clear.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { featureCoreOptions, featurePlugins } from '../../electron/core/features.js';
import { settingsPatchSchema } from '../../electron/shared/contract/settings.js';
import { SECRET_FIELDS, SECRET_NAMES } from '../../electron/core/settings/secrets.js';
import { connectService } from '../../electron/main/connect.js';
import { ShellController } from '../../electron/main/controller.js';
import { encryptedSecretStores } from '../../electron/main/secret-store.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { aesCipher, RecordingShell } from './helpers.js';

process.env.HOME = tempDir('memtray-secrets-home-');
const dirs: string[] = [process.env.HOME];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const ourWindow = { webContentsId: 1, frameUrl: 'app://memtray/index.html#search', isMainFrame: true };
const policy = { allowedIds: new Set([1]), devUrl: null };

describe('every secret the app keeps', () => {
  it('each write-only key field of the settings is a named secret', () => {
    const fields = Object.keys(settingsPatchSchema.shape).filter((k) => /Key$/.test(k));
    expect(fields.sort()).toEqual(Object.keys(SECRET_FIELDS).sort());
    expect(Object.values(SECRET_FIELDS).sort()).toEqual([...SECRET_NAMES].sort());
  });

  it('the app builds its service with the encrypted factory', () => {
    const main = readFileSync(join(process.cwd(), 'electron', 'main', 'index.ts'), 'utf8');
    expect(main).toMatch(/secretStore: encryptedSecretStores\(dataDir, safeStorageCipher\(\)/);
  });

  it('set through the shell: usable by the core, encrypted, in no file in clear', async () => {
    const dir = tempDir('memtray-secrets-');
    dirs.push(dir);
    const handle = await connectService({
      dataDir: dir,
      migrationsDir: MIGRATIONS_DIR,
      port: 0,
      ...featureCoreOptions(),
      plugins: featurePlugins(),
      secretStore: encryptedSecretStores(dir, aesCipher()),
    });
    const c = new ShellController({ handle, shell: new RecordingShell(), expectHooks: () => false });
    const values = {
      apiKey: `sk-ant-api03-${'a1b2c3'.repeat(8)}`,
      openaiApiKey: `sk-openai-${'d4e5f6'.repeat(8)}`,
      embeddingsKey: `pa-voyage-${'g7h8i9'.repeat(8)}`,
    };
    const r = await c.invoke(
      'updateSettings',
      [{ ...values, embeddings: { kind: 'voyage' } }],
      ourWindow,
      policy,
    );
    expect(r).toMatchObject({
      ok: true,
      value: { apiKeySet: true, openaiApiKeySet: true, embeddingsKeySet: true },
    });
    const settings = handle.service!.core.settings;
    expect([settings.apiKey(), settings.openaiApiKey(), settings.embeddingsKey()]).toEqual(
      Object.values(values),
    );
    await c.stop();

    for (const name of SECRET_NAMES) {
      expect(statSync(join(dir, `${name}.enc`)).mode & 0o777, name).toBe(0o600);
      expect(existsSync(join(dir, name)), name).toBe(false);
    }
    const files = (d: string): string[] =>
      readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? files(join(d, f)) : [join(d, f)]));
    for (const f of files(dir)) {
      const bytes = readFileSync(f);
      for (const [field, v] of Object.entries(values))
        expect(bytes.includes(Buffer.from(v)), `${field} in ${f}`).toBe(false);
    }
  });
});
