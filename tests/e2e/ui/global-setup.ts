/** Builds what the e2e tests run: the CLI bundle (`memtray serve`) and the renderer (out/renderer). */
import { execFileSync } from 'node:child_process';

export default function globalSetup(): void {
  if (process.env.MEMTRAY_E2E_SKIP_BUILD === '1') return;
  const opts = { stdio: 'inherit' as const, cwd: process.cwd() };
  execFileSync(process.execPath, ['scripts/build-node.mjs'], opts);
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '-c',
      'tests/e2e/ui/vite.renderer.config.ts',
      '--logLevel',
      'warn',
    ],
    opts,
  );
}
