/**
 * A damaged database file is reported, not answered with ok by `/api/health/storage`: the
 * maintenance worker runs `quick_check` after start and after every maintenance run, and Health
 * reports the damage with what to do. The damage here is real: garbage written over one b-tree page of a copy of a database.
 */
import { copyFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { maintenancePlugin } from '../../electron/core/maintenance/plugin.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

interface Health {
  ok: boolean;
  problem: string | null;
  message: string | null;
  integrity: { ok: boolean; problems: string[] } | null;
}

async function waitForCheck(t: TestService): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const m = (await t.api('GET', '/api/maintenance')).json as { integrity?: unknown };
    if (m.integrity) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('integrity check', () => {
  const running: TestService[] = [];
  afterEach(async () => {
    for (const t of running.splice(0)) await t.dispose();
  });

  it('a page of garbage in the database file is reported in Health, with what to do', async () => {
    const src = await startTestService();
    for (let i = 0; i < 200; i++) {
      const r = await src.api('POST', '/api/hooks/PostToolUse', {
        session_id: 'damaged',
        cwd: '/w/damaged',
        tool_name: 'Read',
        tool_use_id: `r${i}`,
        tool_input: { file_path: `/w/damaged/f${i}.ts` },
        tool_response: { file: { filePath: `/w/damaged/f${i}.ts`, content: `line ${i}\n`.repeat(200) } },
      });
      expect(r.status).toBe(200);
    }
    await src.stop(); // closes the database: the WAL is checkpointed into the file

    const healthyDir = tempDir();
    const damagedDir = tempDir();
    for (const d of [healthyDir, damagedDir]) {
      copyFileSync(join(src.dataDir, 'memtray.db'), join(d, 'memtray.db'));
      copyFileSync(join(src.dataDir, 'token'), join(d, 'token'));
    }
    // Pick a leaf page of the events table in the middle of the file and overwrite it.
    const file = join(damagedDir, 'memtray.db');
    const probe = new Database(file, { readonly: true });
    const pageSize = Number(probe.pragma('page_size', { simple: true }));
    const pages = probe
      .prepare(`SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' ORDER BY pageno`)
      .all() as Array<{ pageno: number }>;
    probe.close();
    expect(pages.length).toBeGreaterThan(10);
    const page = pages[Math.floor(pages.length / 2)]!.pageno;
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
    closeSync(fd);

    for (const [dir, damaged] of [
      [healthyDir, false],
      [damagedDir, true],
    ] as const) {
      const t = await startTestService({ dataDir: dir, plugins: [maintenancePlugin({ firstCheckMs: 0 })] });
      running.push(t);
      await waitForCheck(t);
      const r = await t.api('GET', '/api/health/storage');
      const h = r.json as Health;
      if (!damaged) {
        expect(r.status, r.text).toBe(200);
        expect(h.ok).toBe(true);
        continue;
      }
      expect(r.status, r.text).toBe(503);
      expect(h).toMatchObject({ ok: false, problem: 'corrupt' });
      expect(h.integrity?.ok).toBe(false);
      expect(h.integrity?.problems.length).toBeGreaterThan(0);
      expect(h.message).toMatch(/backup/);
      expect(h.message).toMatch(/\.recover/);
      expect(h.message).toMatch(/memtray import/);
    }
    await src.dispose();
  }, 60_000);
});
