import { defineConfig } from '@playwright/test';

/**
 * Browser e2e against a real `memtray serve` (tests/e2e/ui). Chromium is Debian's /usr/bin/chromium:
 * Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Browser specs only (tests/e2e/claude holds vitest files of its own).
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/ui/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // scripts/test.mjs reads the JSON report for its summary line.
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
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
