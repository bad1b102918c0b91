#!/usr/bin/env node
// Runs the bundled hook (built by `npm install` / `npm run build:node` into dist/). Always exits 0.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const bundle = join(__dirname, '..', 'dist', 'memtray-hook.cjs');
if (existsSync(bundle)) require(bundle);
else {
  process.stderr.write('memtray-hook: dist/memtray-hook.cjs is missing; run `npm run build:node`\n');
  process.exit(0);
}
