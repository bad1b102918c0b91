// While the service runs, a spool the command hook writes is imported as soon as it appears (the
// data dir is watched), not at the next poll: the safety poll here is far beyond the test.
import { appendFileSync, existsSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { capturePlugin } from '../../electron/core/capture/plugin.js';
import { watchSpool } from '../../electron/core/capture/spool-watch.js';
import type { Core } from '../../electron/core/core.js';
import { featurePlugins } from '../../electron/core/features.js';
import { silentLogger } from '../../electron/core/util/logger.js';
import { startTestService, type TestService } from '../helpers/service.js';

let t: TestService | null = null;
afterEach(async () => {
  await t?.dispose();
  t = null;
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function spoolLine(dataDir: string, id: string, text: string): void {
  const payload = { session_id: 'spool-watch', cwd: '/w/spool', prompt: text };
  const line = { v: 1, id: `spool-watch-${id}`, event: 'UserPromptSubmit', at: Date.now(), payload };
  appendFileSync(join(dataDir, 'spool.jsonl'), `${JSON.stringify(line)}\n`, { mode: 0o600 });
}

function prompts(like: string): number {
  const db = t!.service.core.sqlite;
  return (
    db.prepare('SELECT count(*) AS n FROM user_prompts WHERE prompt LIKE ?').get(`%${like}%`) as { n: number }
  ).n;
}

async function until(what: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!what() && Date.now() - start < ms) await sleep(20);
  return Date.now() - start;
}

async function start(): Promise<TestService> {
  return startTestService({
    plugins: featurePlugins().map((p, i) =>
      i === 0 ? (core: Core) => capturePlugin(core, { packageRoot: process.cwd(), spoolPollMs: 600_000 }) : p,
    ),
  });
}

describe('spool while running', () => {
  it('is imported within two seconds of appearing, without a poll', async () => {
    t = await start();
    await sleep(200);
    spoolLine(t.dataDir, '1', 'spooled while running');
    const ms = await until(() => prompts('spooled while running') === 1, 3000);
    expect(prompts('spooled while running'), `after ${ms} ms`).toBe(1);
    expect(ms).toBeLessThan(2000);
    expect(existsSync(join(t.dataDir, 'spool.jsonl'))).toBe(false);
  });

  it('a spool written while an import runs is imported after it', async () => {
    t = await start();
    await sleep(200);
    spoolLine(t.dataDir, 'a', 'first spool');
    // The import claims the file (renames it), then waits 300 ms for appends in flight: write anew.
    await until(() => !existsSync(join(t!.dataDir, 'spool.jsonl')), 2000);
    spoolLine(t.dataDir, 'b', 'second spool');
    await until(() => prompts('second spool') === 1, 3000);
    expect(prompts('first spool')).toBe(1);
    expect(prompts('second spool')).toBe(1);
  });
});

describe('watchSpool', () => {
  it('reacts to the spool name only (or an unnamed change), and polls when it cannot watch', async () => {
    let listener: ((event: string, name: string | null) => void) | null = null;
    let calls = 0;
    const stop = watchSpool('/data/spool.jsonl', () => calls++, {
      logger: silentLogger,
      watch: (dir, l) => {
        expect(dir).toBe('/data');
        listener = l;
        return { on: () => undefined, close: () => undefined } as unknown as FSWatcher;
      },
    });
    listener!('change', 'memtray.db-wal');
    listener!('rename', 'spool.jsonl');
    listener!('rename', null);
    expect(calls).toBe(2);
    stop();

    calls = 0;
    const stop2 = watchSpool('/data/spool.jsonl', () => calls++, {
      logger: silentLogger,
      fallbackPollMs: 20,
      watch: () => {
        throw Object.assign(new Error('no more inotify watches'), { code: 'ENOSPC' });
      },
    });
    await sleep(150);
    stop2();
    expect(calls).toBeGreaterThanOrEqual(3);
  });
});
