#!/usr/bin/env node
// Runs the bundled CLI (built by `npm install` / `npm run build:node` into dist/).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const bundle = new URL('../dist/cli.mjs', import.meta.url);
if (!existsSync(fileURLToPath(bundle))) {
  process.stderr.write('memtray: dist/cli.mjs is missing; run `npm run build:node` first.\n');
  process.exit(1);
}
// `serve` starts with V8's young generation held at its initial size: start-up's allocations live on,
// and a young generation grown for them would stay resident for nothing. The service lets it grow
// again once it listens (electron/core/util/heap.ts; the same flag, unless Node's command line set one).
const userGrowth = process.execArgv.some((a) => a.includes('semi-space-growth-factor'));
if (process.argv[2] === 'serve' && !userGrowth) setFlagsFromString('--semi-space-growth-factor=1');
await import(bundle.href);
