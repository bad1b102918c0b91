import { defineConfig } from 'vitest/config';

/** The real Claude Code CLI end to end: `npx vitest run --config tests/e2e/claude/vitest.config.ts`. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/claude/**/*.e2e.ts'],
    pool: 'forks',
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/temp-dirs-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
