#!/usr/bin/env node
// Runs the bundled CLI (built by `npm install` / `npm run build:node` into dist/).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/cli.mjs', import.meta.url);
if (!existsSync(fileURLToPath(bundle))) {
  process.stderr.write('memtray: dist/cli.mjs is missing; run `npm run build:node` first.\n');
  process.exit(1);
}
await import(bundle.href);
