import Database from 'better-sqlite3';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/core/core.js';
import { readLines } from '../../electron/core/sync/segment.js';
import { SegmentWriter } from '../../electron/core/sync/writer.js';
import type { SyncRecord } from '../../electron/shared/contract/sync.js';
import { startServe } from '../helpers/cli.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { waitFor } from './helpers.js';

const PEER = 'feedfacefeedface';
const N = 40_000;

/** The peer's segments (it rolls to a new one past 8 MiB): their total size. */
function peerSegments(folder: string): number {
  const w = new SegmentWriter(join(folder, 'memtray', PEER), PEER, 'peer', () => 1_700_000_000_000);
  const recs: SyncRecord[] = [
    {
      k: 'session',
      uid: 'big',
      origin: PEER,
      project: 'big',
      cwd: '/w/big',
      firstPrompt: 'a long one',
      promptCounter: 1,
      status: 'completed',
      completionReason: null,
      startedAt: 1,
      updatedAt: 2,
      completedAt: 2,
    },
  ];
  for (let i = 0; i < N; i++)
    recs.push({
      k: 'observation',
      uid: `big/${i}`,
      session: 'big',
      project: 'big',
      promptNumber: 1,
      toolName: 'Bash',
      toolUseId: `tu${i}`,
      toolInput: JSON.stringify({ command: `make step${i}` }),
      toolResponse: JSON.stringify({ stdout: `ok ${i}` }),
      failed: false,
      cwd: '/w/big',
      createdAt: 10 + i,
      updatedAt: 10 + i,
      type: 'change',
      title: `Ran make step${i}`,
      subtitle: null,
      facts: '[]',
      narrative: null,
      concepts: '[]',
      filesRead: '[]',
      filesModified: '[]',
      producedBy: 'rules',
      status: 'processed',
    });
  for (let i = 0; i < recs.length; i += 5000) w.append(recs.slice(i, i + 5000));
  w.close();
  expect(w.files().length).toBeGreaterThan(1);
  return w.files().reduce((n, f) => n + f.size, 0);
}

describe('kill -9 while a peer is being imported', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  it('loses nothing and applies nothing twice: rows and the read offset commit together', async () => {
    const dataDir = tempDir();
    const folder = tempDir('memtray-sync-');
    const size = peerSegments(folder);
    const core = createCore({ dataDir, migrationsDir: MIGRATIONS_DIR });
    core.settings.update({ sync: { folder } });
    core.close();

    const db = join(dataDir, 'memtray.db');
    const first = await startServe(['--data-dir', dataDir, '--port', '0', '--quiet']);
    children.push(first.child);
    const ro = (): Database.Database => new Database(db, { readonly: true, fileMustExist: true });
    const applied = (): { records: number; rows: number } => {
      const d = ro();
      try {
        const c = d
          .prepare('SELECT coalesce(sum(records), 0) AS n FROM sync_cursors WHERE peer = ?')
          .get(PEER) as {
          n: number;
        };
        const rows = d
          .prepare('SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM observations) AS n')
          .get() as {
          n: number;
        };
        return { records: c.n, rows: rows.n };
      } finally {
        d.close();
      }
    };
    await waitFor('the import to start', () => existsSync(db) && applied().records > 0, 4000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const atKill = applied();
    // Killed midway, and what was committed is exactly what the read offsets cover: every
    // observation before them, none after.
    expect(atKill.records).toBeLessThan(N + 1);
    const k = ro();
    const cursors = k.prepare('SELECT file, offset FROM sync_cursors WHERE peer = ?').all(PEER) as Array<{
      file: string;
      offset: number;
    }>;
    const stored = (
      k.prepare('SELECT uid FROM observations ORDER BY uid').all() as Array<{ uid: string }>
    ).map((r) => r.uid);
    k.close();
    const covered = cursors
      .flatMap((c) =>
        readLines(join(folder, 'memtray', PEER, c.file), 0, { bytes: 64 * 1024 * 1024 }).lines.filter(
          (l) => l.end <= c.offset,
        ),
      )
      .map((l) => l.value as { k: string; uid?: string })
      .filter((v) => v.k === 'observation')
      .map((v) => v.uid!)
      .sort();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).toEqual(covered);

    const second = await startServe(['--data-dir', dataDir, '--port', '0', '--quiet']);
    children.push(second.child);
    await waitFor(
      'the import to finish',
      () => {
        const d = ro();
        try {
          const c = d.prepare('SELECT sum(offset) AS n FROM sync_cursors WHERE peer = ?').get(PEER) as {
            n: number | null;
          };
          return c.n === size;
        } finally {
          d.close();
        }
      },
      4000,
    );
    const done = applied();
    expect(done.rows).toBe(N + 1);
    const d = ro();
    const dupes = d.prepare('SELECT count(*) - count(DISTINCT uid) AS n FROM observations').get() as {
      n: number;
    };
    d.close();
    expect(dupes.n).toBe(0);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  });
});
