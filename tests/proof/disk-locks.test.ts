/**
 * Disk and locks: the database locked by another process, a read-only data dir, a full disk (a
 * size-limited tmpfs; SQLite's max_page_count where mounting is not allowed). Each gives a clear
 * error (503 naming the problem, `GET /api/health/storage`), corrupts nothing, and MemTray recovers
 * by itself once the condition clears.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { capturePlugin } from '../../electron/core/capture/plugin.js';
import type { Core } from '../../electron/core/core.js';
import { featurePlugins } from '../../electron/core/features.js';
import { runCli } from '../helpers/cli.js';
import { canMount, mountTmpfs, type TmpfsMount } from '../helpers/mounts.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const prompt = (sid: string, text: string) => ({ session_id: sid, cwd: '/w/disk', prompt: text });
const countPrompts = (t: TestService, like: string): number =>
  (
    t.service.core.sqlite
      .prepare(`SELECT count(*) AS n FROM user_prompts WHERE prompt LIKE ?`)
      .get(`${like}%`) as { n: number }
  ).n;

/** Another process holding the write lock until its stdin closes. */
function holdWriteLock(dbFile: string): Promise<ChildProcess> {
  const code = `const D=require('better-sqlite3');const d=new D(${JSON.stringify(dbFile)});d.exec('BEGIN EXCLUSIVE');process.stdout.write('locked\\n');process.stdin.on('end',()=>{d.exec('ROLLBACK');d.close();process.exit(0)});process.stdin.resume();`;
  const child = spawn(process.execPath, ['-e', code], { cwd: process.cwd(), stdio: 'pipe' });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => c.toString().includes('locked') && resolve(child));
    child.on('exit', (c) => reject(new Error(`lock holder exited ${c}`)));
  });
}

function runHook(dataDir: string, payload: Record<string, unknown>): Promise<number | null> {
  return new Promise((resolve) => {
    const h = spawn(
      process.execPath,
      [join(process.cwd(), 'dist', 'memtray-hook.cjs'), 'UserPromptSubmit', '--data-dir', dataDir],
      { stdio: 'pipe' },
    );
    h.on('close', (code) => resolve(code));
    h.stdin.end(JSON.stringify(payload));
  });
}

describe('disk and locks', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('database locked by another process → 503 "locked", health says so, reads work, recovers after', async () => {
    const t = await startTestService({
      writeServerJson: true,
      plugins: featurePlugins().map((p, i) =>
        i === 0 ? (core: Core) => capturePlugin(core, { packageRoot: process.cwd(), spoolPollMs: 250 }) : p,
      ),
    });
    cleanups.push(() => t.dispose());
    expect((await t.api('POST', '/api/hooks/UserPromptSubmit', prompt('lk', 'before lock'))).status).toBe(
      200,
    );
    await t.settled();
    const holder = await holdWriteLock(t.service.core.paths.db);
    cleanups.push(() => void holder.kill('SIGKILL'));

    const h = await t.api('GET', '/api/health/storage');
    expect(h.status).toBe(503);
    expect(h.json).toMatchObject({
      ok: false,
      problem: 'locked',
      message: expect.stringMatching(/locked by another process/),
    });
    const w = await t.api('POST', '/api/hooks/UserPromptSubmit', prompt('lk', 'during lock'));
    expect(w.status).toBe(503);
    expect(w.json).toMatchObject({
      status: 503,
      problem: 'locked',
      error: expect.stringMatching(/locked by another process.*SQLITE_BUSY/),
    });
    // The command hook gets the same 503 and spools the event for later.
    expect(await runHook(t.dataDir, prompt('lk', 'hook during lock'))).toBe(0);
    // The spool file, or the copy a spool poll has claimed meanwhile (its import waits for the lock).
    const spooled = readdirSync(t.dataDir).filter((f) => f.startsWith('spool.jsonl'));
    expect(spooled.length, 'the event is in the spool').toBeGreaterThan(0);
    expect((await t.api('GET', '/api/sessions')).status, 'reads still work under WAL').toBe(200);

    holder.stdin!.end();
    await new Promise((r) => holder.once('exit', r));
    expect((await t.api('GET', '/api/health/storage')).json).toMatchObject({ ok: true, problem: null });
    expect((await t.api('POST', '/api/hooks/UserPromptSubmit', prompt('lk', 'after lock'))).status).toBe(200);
    await t.settled();
    expect(countPrompts(t, 'during lock')).toBe(0);
    // The capture plugin imports the spool on its next poll: exactly once.
    for (let i = 0; i < 100 && countPrompts(t, 'hook during lock') === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(countPrompts(t, 'hook during lock')).toBe(1);
    expect(countPrompts(t, 'before lock') + countPrompts(t, 'after lock')).toBe(2);
    expect(t.service.core.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  }, 60_000);

  it('disk full → 503 "full" with nothing half-written; every acknowledged event kept; recovers when space returns', async () => {
    const m: TmpfsMount | null = mountTmpfs(6 * 1024 * 1024);
    const method = m ? 'tmpfs size=6M' : 'SQLite max_page_count';
    console.log(`disk full via ${method}`);
    if (m) cleanups.push(() => m.unmount());
    const dataDir = m ? join(m.dir, 'data') : undefined;
    const t = await startTestService(dataDir ? { dataDir } : {});
    cleanups.push(() => t.stop());
    const filler = m ? join(m.dir, 'filler') : null;
    if (filler) {
      // Fill the file system, leaving a little room for the first writes.
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
      } finally {
        closeSync(fd);
      }
    } else {
      const pages = Number(t.service.core.sqlite.pragma('page_count', { simple: true }));
      t.service.core.sqlite.pragma(`max_page_count = ${pages + 20}`);
    }
    const acked: string[] = [];
    let full: { status: number; json: unknown } | null = null;
    for (let i = 0; i < 2000 && !full; i++) {
      const text = `fill-${i} ${'x'.repeat(16 * 1024)}`;
      const r = await t.api('POST', '/api/hooks/UserPromptSubmit', prompt('full', text));
      if (r.status === 200) acked.push(`fill-${i} `);
      else full = r;
    }
    expect(full, 'the disk filled up').not.toBeNull();
    expect(full!.status).toBe(503);
    expect(full!.json).toMatchObject({
      problem: 'full',
      error: expect.stringMatching(/disk .* is full.*SQLITE_FULL/),
    });
    const h = (await t.api('GET', '/api/health/storage')).json as {
      ok: boolean;
      problem: string | null;
      lowDisk: boolean;
    };
    expect(h.lowDisk || h.problem === 'full').toBe(true);
    expect(t.service.core.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    for (const a of acked) expect(countPrompts(t, a), a).toBe(1);

    // Space comes back: writes succeed again without a restart.
    if (filler) rmSync(filler);
    else t.service.core.sqlite.pragma('max_page_count = 1073741823');
    const again = await t.api('POST', '/api/hooks/UserPromptSubmit', prompt('full', 'after space returned'));
    expect(again.status).toBe(200);
    expect((await t.api('GET', '/api/health/storage')).json).toMatchObject({ ok: true, lowDisk: false });
    expect(countPrompts(t, 'after space returned')).toBe(1);
    expect(t.service.core.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  }, 120_000);

  // Read-only: a tmpfs remounted `ro` where mounting is allowed; otherwise (not root) a 0500 dir.
  // As root without mount rights neither works (root ignores modes), so the test says it skipped.
  const CAN_MOUNT = canMount();
  const IS_ROOT = process.getuid?.() === 0;
  it.skipIf(!CAN_MOUNT && IS_ROOT)(
    'read-only data dir → serve refuses with a clear message, the hook still exits 0; works again once writable',
    async () => {
      const m = CAN_MOUNT ? mountTmpfs(16 * 1024 * 1024) : null;
      if (m) cleanups.push(() => m.unmount());
      const dataDir = join(m ? m.dir : tempDir('memtray-ro-'), 'data');
      console.log(`read-only via ${m ? 'tmpfs remount,ro' : 'chmod 0500'}`);
      const readOnly = (ro: boolean): void => (m ? m.readOnly(ro) : chmodSync(dataDir, ro ? 0o500 : 0o700));
      const t = await startTestService({ dataDir });
      await t.api('POST', '/api/hooks/UserPromptSubmit', prompt('ro', 'stored before read-only'));
      await t.stop();
      readOnly(true);
      const r = await runCli(['serve', '--port', '0', '--data-dir', dataDir, '--quiet'], {
        timeoutMs: 20_000,
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /memtray serve: cannot open the database .*memtray\.db: storage unavailable: the data dir or database is read-only/,
      );
      expect(await runHook(dataDir, prompt('ro', 'while read-only'))).toBe(0);
      readOnly(false);
      const back = await startTestService({ dataDir });
      cleanups.push(() => back.stop());
      expect(countPrompts(back, 'stored before read-only')).toBe(1);
      expect(
        (await back.api('POST', '/api/hooks/UserPromptSubmit', prompt('ro', 'writable again'))).status,
      ).toBe(200);
      expect(back.service.core.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    },
    60_000,
  );
});
