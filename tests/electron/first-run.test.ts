/** First run against the real service: hooks installed (HTTP mode) into $HOME/.claude, history imported with progress. */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { featureCoreOptions, featurePlugins } from '../../electron/core/features.js';
import { connectService } from '../../electron/main/connect.js';
import { ShellController } from '../../electron/main/controller.js';
import {
  firstRunFile,
  progressText,
  readFirstRun,
  recordFirstRun,
  runFirstRun,
} from '../../electron/main/first-run.js';
import { FIXTURE_TRANSCRIPTS } from '../helpers/corpus.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { RecordingShell, waitFor } from './helpers.js';

const home = tempDir('memtray-firstrun-home-');
process.env.HOME = home;
const dir = tempDir('memtray-firstrun-');
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe('first run', () => {
  it('is asked once: the recorded state survives a restart, a corrupt file counts as not done', () => {
    const d = tempDir('memtray-firstrun-state-');
    try {
      expect(readFirstRun(d)).toBeNull();
      recordFirstRun(d, { installHooks: true, importHistory: false }, 1234);
      expect(readFirstRun(d)).toEqual({
        version: 1,
        completedAt: 1234,
        choice: { installHooks: true, importHistory: false },
      });
      writeFileSync(firstRunFile(d), '{"version":1');
      expect(readFirstRun(d)).toBeNull();
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('installs the hooks in HTTP mode and imports existing history, with progress on the tray', async () => {
    const projects = join(home, '.claude', 'projects', '-work-pricebook');
    mkdirSync(projects, { recursive: true });
    // Three of the recorded pricebook sessions (the project's own fixtures).
    for (const f of [
      'aff7ca83-7219-4514-ac8e-bf8fecc566ae.jsonl',
      '12036049-2fbd-4b9c-9ef7-3aa2dc519033.jsonl',
      '12c171ec-15f8-4c96-a716-52903b30ba92.jsonl',
    ])
      copyFileSync(join(FIXTURE_TRANSCRIPTS, f), join(projects, f));

    const h = await connectService({
      dataDir: dir,
      migrationsDir: MIGRATIONS_DIR,
      port: 0,
      ...featureCoreOptions(),
      plugins: featurePlugins(),
    });
    const shell = new RecordingShell();
    const c = new ShellController({
      handle: h,
      shell,
      expectHooks: () => readFirstRun(dir)?.choice.installHooks ?? false,
    });
    try {
      await c.start();
      await waitFor(() => c.live === 'live', 'the live stream');
      const choice = { installHooks: true, importHistory: true };
      recordFirstRun(dir, choice, Date.now());
      const r = await runFirstRun(h.client, choice);
      expect(r.errors).toEqual([]);
      expect(r.hooks).toMatchObject({ installed: true, mode: 'http', scope: 'user' });
      const settings = JSON.parse(readFileSync(join(home, '.claude', 'settings.json'), 'utf8')) as {
        hooks: Record<string, unknown>;
      };
      expect(JSON.stringify(settings.hooks)).toContain(`http://127.0.0.1:${new URL(h.baseUrl).port}`);
      expect(r.importRunId).toEqual(expect.any(Number));
      c.trackImport(r.importRunId!);

      const done = await waitFor(
        () => shell.notices.find((n) => n.body.startsWith('Imported Claude Code history')),
        'the import to finish',
        20_000,
      );
      expect(done.body).toBe('Imported Claude Code history (3 files).');
      const progress = shell.pushed.filter((m) => m.type === 'live' && m.event.name === 'import');
      expect(progress.length).toBeGreaterThan(0);
      const runs = await h.client.listImports();
      expect(runs.items.find((i) => i.id === r.importRunId)).toMatchObject({ status: 'done', filesTotal: 3 });
      expect((await h.client.status()).counts.sessions).toBeGreaterThan(0);
      await waitFor(
        () => shell.lastTray?.state === 'capturing',
        'the tray to show capturing (hooks installed)',
      );
    } finally {
      await c.stop();
    }
  });

  it('describes progress in one line', () => {
    expect(progressText({ runId: 1, status: 'running', filesDone: 1, filesTotal: 4 })).toBe(
      'Importing Claude Code history: 1/4 files (25%)',
    );
    expect(progressText({ runId: 1, status: 'failed', filesDone: 1, filesTotal: 4 })).toMatch(/failed/);
  });
});
