// Bundles the Node side: the `memtray` CLI (ESM, npm packages external) and the hook program
// (CommonJS, self-contained, so it starts fast under plain Node).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
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

// The maintenance worker thread's entry, next to the CLI (maintenance/runner.ts finds it there).
await build({
  ...common,
  entryPoints: ['electron/core/maintenance/worker.ts'],
  outfile: 'dist/maintenance-worker.mjs',
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
// Optional: the hook as one standalone executable (Bun), when the `bun` package's binary is there.
// MEMTRAY_SKIP_BUN=1 skips it. Failure is not fatal: the CommonJS bundle runs under Node.
const bunBin = 'node_modules/.bin/bun';
let compiled = false;
if (existsSync('hooks/memtray-hook.ts') && existsSync(bunBin) && process.env.MEMTRAY_SKIP_BUN !== '1') {
  const r = spawnSync(
    bunBin,
    // --bytecode: the program ships precompiled, so each hook start skips parsing it (measured with
    // farm-bench, service down, 30 alternated pairs: 0.76× the wall time of the same binary without).
    [
      'build',
      '--compile',
      '--minify',
      '--bytecode',
      'hooks/memtray-hook.ts',
      '--outfile',
      'dist/memtray-hook',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  compiled = r.status === 0;
  if (!compiled) console.warn('bun build --compile failed; the hook runs under Node (dist/memtray-hook.cjs)');
}
console.log(
  'built dist/cli.mjs' +
    (existsSync('hooks/memtray-hook.ts') ? ' and dist/memtray-hook.cjs' : '') +
    (compiled ? ' and dist/memtray-hook' : ''),
);
