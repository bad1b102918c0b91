import { defineConfig } from 'vitest/config';
import { rendererAlias } from './electron.vite.config';

/**
 * On CI a test that fails is run once more; one that then passes is still reported by name as
 * flaky at the end of `npm test` (scripts/test.mjs), and one that fails twice fails the run.
 */
const retry = process.env.CI === 'true' ? 1 : 0;

/** Loaded before each node test file: removes the folders the file made with `tempDir` when it ends. */
export const nodeSetupFiles = ['tests/helpers/temp-dirs-setup.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        // The renderer's aliases too: tests/core/fake-api-events.test.ts holds the renderer's fake
        // API beside the real service.
        resolve: { alias: rendererAlias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts', 'electron/**/*.test.ts', 'hooks/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          pool: 'forks',
          globalSetup: ['tests/helpers/global-setup.ts'],
          setupFiles: nodeSetupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry,
        },
      },
      {
        resolve: { alias: rendererAlias },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          testTimeout: 15_000,
          retry,
        },
      },
    ],
  },
});
