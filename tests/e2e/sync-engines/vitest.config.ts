import { defineConfig } from 'vitest/config';

/** MemTray sync on real sync engines (Syncthing, git): `npx vitest run --config tests/e2e/sync-engines/vitest.config.ts`. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/sync-engines/**/*.e2e.ts'],
    pool: 'forks',
    fileParallelism: false,
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/temp-dirs-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
