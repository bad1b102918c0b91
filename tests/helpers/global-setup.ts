import { execFileSync } from 'node:child_process';

/** Builds the CLI and hook bundles once, so tests that spawn `bin/memtray.mjs` run current code. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-node.mjs'], { stdio: 'inherit' });
}
