// Bundles the Node side: the `memtray` CLI (ESM, npm packages external) and the hook program
// (CommonJS, self-contained, so it starts fast under plain Node).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'warning' };

await build({
  ...common,
  entryPoints: ['electron/core/cli/entry.ts'],
  outfile: 'dist/cli.mjs',
  format: 'esm',
  packages: 'external',
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});

if (existsSync('hooks/memtray-hook.ts')) {
  await build({
    ...common,
    entryPoints: ['hooks/memtray-hook.ts'],
    outfile: 'dist/memtray-hook.cjs',
    format: 'cjs',
    sourcemap: false,
    minify: true,
  });
}
console.log('built dist/cli.mjs' + (existsSync('hooks/memtray-hook.ts') ? ' and dist/memtray-hook.cjs' : ''));
