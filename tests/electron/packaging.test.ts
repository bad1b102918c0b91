/**
 * electron-builder.yml cannot be exercised here (no Electron download), so this checks what it
 * promises: every extraResource it ships exists in the tree (or is produced by the beforePack
 * hook), and a resources dir laid out as the config lays it out is what the packaged main process
 * expects (electron/main/paths.ts) — down to starting the real service from it.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../../electron/core/service.js';
import { shellPaths } from '../../electron/main/paths.js';
import { tempDir } from '../helpers/service.js';

interface FileSet {
  from: string;
  to: string;
  filter?: string[];
}
interface BuilderConfig {
  appId: string;
  npmRebuild: boolean;
  beforePack: string;
  files: string[];
  extraResources: FileSet[];
  linux: { target: string[] };
  mac: { target: string[] };
  win: { target: string[] };
}

const yaml = createRequire(import.meta.url)('js-yaml') as { load(s: string): unknown };
const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as BuilderConfig;
const expand = (p: string): string =>
  p.replaceAll('${platform}', process.platform).replaceAll('${arch}', process.arch);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('electron-builder.yml', () => {
  it('targets AppImage+deb, dmg and nsis, keeps node_modules Node-ABI, and builds the Electron addon before packing', () => {
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.npmRebuild).toBe(false);
    expect(existsSync(config.beforePack)).toBe(true);
    expect(config.files).toContain('out/**');
    expect(existsSync('build/icon.png')).toBe(true);
  });

  it('ships what exists, laid out as the packaged main process expects', async () => {
    const resources = tempDir('memtray-resources-');
    dirs.push(resources);
    for (const fs of config.extraResources) {
      const from = expand(fs.from);
      const to = join(resources, expand(fs.to));
      if (from.startsWith('build/native/')) {
        // Produced by build/before-pack.cjs at packaging time: stand in a file.
        expect(fs.to).toBe('native/better_sqlite3.node');
        mkdirSync(join(to, '..'), { recursive: true });
        writeFileSync(to, 'addon');
        continue;
      }
      expect(existsSync(from), `${from} exists`).toBe(true);
      if (fs.filter && from === 'dist') {
        mkdirSync(to, { recursive: true });
        for (const f of fs.filter) if (existsSync(join(from, f))) cpSync(join(from, f), join(to, f));
        expect(existsSync(join(to, 'memtray-hook.cjs'))).toBe(true);
      } else cpSync(from, to, { recursive: true });
    }
    const paths = shellPaths({
      packaged: true,
      resourcesPath: resources,
      appPath: join(resources, 'app.asar'),
      mainDir: join(resources, 'app.asar', 'out', 'main'),
      electronVersion: '41.0.0',
      platform: process.platform,
      arch: process.arch,
    });
    expect(paths.migrationsDir).toBe(join(resources, 'drizzle', 'migrations'));
    expect(paths.hookRoot).toBe(resources);
    expect(paths.nativeBinding).toBe(join(resources, 'native', 'better_sqlite3.node'));
    expect(paths.preload).toBe(join(resources, 'app.asar', 'out', 'preload', 'index.cjs'));
    // The shipped migrations build a working database.
    const dataDir = tempDir('memtray-packaged-data-');
    dirs.push(dataDir);
    const s = await startService({
      dataDir,
      migrationsDir: paths.migrationsDir,
      port: 0,
      writeServerJson: false,
    });
    try {
      expect(s.core.read.counts().sessions).toBe(0);
    } finally {
      await s.stop();
    }
  });
});
