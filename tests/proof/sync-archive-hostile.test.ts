/**
 * An import archive is input from anywhere. Against a real `memtray serve`: a line of hundreds of
 * megabytes (with or without a newline at its end) is dropped while it is read, never held whole;
 * it is counted as invalid and the records around it are imported.
 */
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { headerFor } from '../../electron/core/sync/archive.js';
import { importProgress, type ImportProgress } from '../../electron/shared/contract/sync.js';
import { machineId } from '../../electron/core/config/machine.js';
import { runCli } from '../helpers/cli.js';
import { startTestService, tempDir } from '../helpers/service.js';
import { waitFor } from '../sync/helpers.js';
import {
  ask,
  observationRecord,
  PEER,
  rssGuard,
  rssOf,
  serve,
  sessionRecord,
  type Served,
} from './sync-peer.js';

const MiB = 1024 * 1024;
const children: ChildProcess[] = [];
/** The archives' folders: the first holds 640 MB, removed after each test. */
const archives: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of archives.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A new folder for an archive, removed after the test. */
function archiveDir(): string {
  const d = tempDir('memtray-archive-');
  archives.push(d);
  return d;
}

/** Appends `bytes` bytes of 'x' (no newline) to an open file, a MiB at a time. */
function junk(fd: number, bytes: number): void {
  const chunk = Buffer.alloc(MiB, 'x');
  for (let left = bytes; left > 0; left -= MiB) writeSync(fd, chunk, 0, Math.min(MiB, left));
}

async function importFile(s: Served, path: string): Promise<ImportProgress> {
  const r = await ask(s, 'POST', '/api/data/import', 5000, { path });
  expect(r?.status).toBe(202);
  const { id } = r!.json as { id: number };
  let p: ImportProgress | null = null;
  await waitFor(
    'the import',
    async () => {
      const a = await ask(s, 'GET', `/api/data/imports/${id}`, 5000);
      if (a === null) throw new Error(`the service stopped answering: ${s.output()}`);
      p = importProgress.parse(a.json);
      return p.status !== 'running';
    },
    2400,
  );
  return p!;
}

describe('a hostile import archive', () => {
  it('a 600 MB line and an unterminated 40 MB one: dropped while read, memory bounded, the rest imported', async () => {
    const file = join(archiveDir(), 'big.jsonl');
    const fd = openSync(file, 'w');
    const counts = { sessions: 1, prompts: 0, observations: 2, summaries: 0, tombstones: 0 };
    const line = (v: unknown): void => void writeSync(fd, `${JSON.stringify(v)}\n`);
    line(headerFor(PEER, counts, {}, 1_700_000_000_000, 'test archive'));
    line(sessionRecord(PEER, 'big-archive'));
    junk(fd, 600 * MiB);
    writeSync(fd, '\n');
    line(observationRecord('big-archive', 1));
    line(observationRecord('big-archive', 2));
    junk(fd, 40 * MiB);
    closeSync(fd);

    const s = await serve(tempDir());
    children.push(s.child);
    const base = rssOf(s.child.pid!);
    const guard = rssGuard(s.child, 1.5 * 1024 ** 3);
    try {
      const p = await importFile(s, file);
      expect(p.status, p.error ?? '').toBe('done');
      console.log(
        `import RSS: ${Math.round(base / MiB)} MiB at start, peak ${Math.round(guard.peak() / MiB)} MiB`,
      );
      expect(p.report.added).toMatchObject({ sessions: 1, observations: 2 });
      expect(p.report.invalid).toBe(2);
      expect(s.child.exitCode).toBeNull();
      expect(guard.peak() - base, `peak RSS ${guard.peak() / MiB} MiB, at start ${base / MiB}`).toBeLessThan(
        200 * MiB,
      );
    } finally {
      guard.stop();
    }
  }, 120_000);

  it("an archive claiming this machine's id is refused: nothing stored as this machine's own", async () => {
    const t = await startTestService();
    try {
      const self = machineId(t.dataDir);
      const file = join(archiveDir(), 'mine.jsonl');
      const counts = { sessions: 1, prompts: 0, observations: 1, summaries: 0, tombstones: 0 };
      writeFileSync(
        file,
        [
          headerFor(self, counts, {}, 1_700_000_000_000, 'test archive'),
          sessionRecord(self, 'forged'),
          observationRecord('forged', 1),
        ]
          .map((v) => JSON.stringify(v))
          .join('\n'),
      );
      const r = await t.api('POST', '/api/data/import', { path: file });
      expect(r.status).toBe(202);
      const id = (r.json as { id: number }).id;
      let p: ImportProgress | null = null;
      await waitFor('the import', async () => {
        p = importProgress.parse((await t.api('GET', `/api/data/imports/${id}`)).json);
        return p.status !== 'running';
      });
      expect(p!.status).toBe('failed');
      expect(p!.error).toMatch(/claims to come from this machine/);
      expect(t.service.core.sqlite.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 0 });
    } finally {
      await t.dispose();
    }
  });

  it('memtray export --out never overwrites a file (nor writes through a link there): exit 1, a clear message', async () => {
    const t = await startTestService();
    await t.stop();
    const dir = tempDir('memtray-out-');
    const existing = join(dir, 'existing.jsonl');
    writeFileSync(existing, 'keep me\n');
    const r = await runCli(['export', '--data-dir', t.dataDir, '--out', existing]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/memtray export: .*existing\.jsonl already exists: not overwritten/);
    expect(readFileSync(existing, 'utf8')).toBe('keep me\n');
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, join(dir, 'link.jsonl'));
    const l = await runCli(['export', '--data-dir', t.dataDir, '--out', join(dir, 'link.jsonl')]);
    expect(l.code).toBe(1);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    const ok = await runCli(['export', '--data-dir', t.dataDir, '--out', join(dir, 'new.jsonl')]);
    expect(ok.code, ok.stderr).toBe(0);
  });
});
