/**
 * `npm run test:soak`: the proof suites at full size (20 crash rounds, 10,000 hook stdins). CI runs
 * it after `npm test`.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'soak',
    environment: 'node',
    include: ['tests/proof/crash.test.ts', 'tests/proof/fuzz/hook-stdin.test.ts'],
    pool: 'forks',
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/temp-dirs-setup.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 60_000,
    env: {
      MEMTRAY_CRASH_ROUNDS: process.env.MEMTRAY_CRASH_ROUNDS ?? '20',
      MEMTRAY_HOOK_FUZZ_N: process.env.MEMTRAY_HOOK_FUZZ_N ?? '10000',
    },
  },
});
