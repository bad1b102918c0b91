import { defineConfig } from 'vitest/config';

/** The real agent CLIs (Codex, Gemini CLI, opencode) end to end: `npx vitest run --config tests/e2e/agents/vitest.config.ts`. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/agents/**/*.e2e.ts'],
    pool: 'forks',
    fileParallelism: false,
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/temp-dirs-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
