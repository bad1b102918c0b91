import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts', 'electron/**/*.test.ts', 'hooks/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          pool: 'forks',
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
