import { defineConfig } from '@playwright/test';

/**
 * Browser e2e against a real `memtray serve` (tests/e2e/ui). Chromium is Debian's /usr/bin/chromium:
 * Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/ui/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 420, height: 620 },
    launchOptions: {
      executablePath: process.env.MEMTRAY_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
});
