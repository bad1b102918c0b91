import { defineConfig } from '@playwright/test';

/** The Electron smoke test (`npm run test:electron`); skips with a reason where Electron cannot run. */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.pw\.ts$/,
  timeout: 90_000,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results/electron',
});
