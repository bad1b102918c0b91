import react from '@vitejs/plugin-react';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import { resolve } from 'node:path';

/** The renderer's import aliases (tsconfig.web.json `paths`, vitest's web project, eslint's resolver). */
export const rendererAlias = {
  '@': resolve('renderer/src'),
  '@shared': resolve('electron/shared'),
};

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve('electron/main/index.ts'),
          // The maintenance worker thread, next to index.js (maintenance/runner.ts finds it there).
          'maintenance-worker': resolve('electron/core/maintenance/worker.ts'),
        },
      },
    },
  },
  preload: {
    // The sandboxed preload cannot require packages: zod (the verb table's schemas) is bundled.
    plugins: [externalizeDepsPlugin({ exclude: ['zod'] })],
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    resolve: { alias: rendererAlias },
    plugins: [react()],
    build: {
      outDir: resolve('out/renderer'),
      // electron-vite leaves bundles unminified; the renderer is also served to browsers by `serve`.
      minify: 'esbuild',
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
    },
  },
});
