// Writes build/icon.png (1024×1024, the app icon electron-builder turns into .icns/.ico) from the
// same drawing as the tray icons (electron/main/icons.ts). Run: node build/make-icon.mjs
import { build } from 'esbuild';
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';

const out = await build({
  entryPoints: ['electron/main/icons.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
});
const mod = await import(
  `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`
);
writeFileSync('build/icon.png', mod.trayIconPng('capturing', 1024));
console.log('wrote build/icon.png');
