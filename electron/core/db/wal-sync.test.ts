import { fstatSync, fsync as realFsync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { onWrites } from './write-signal.js';
import { WalSync, withoutCommitFsync } from './wal-sync.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A real file and an fsync that runs for real but finishes only when the test says so. */
function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'memtray-walsync-'));
  dirs.push(dir);
  const file = join(dir, 'db-wal');
  writeFileSync(file, 'frames');
  const started: Array<{ fd: number; finish: (err?: Error) => Promise<void> }> = [];
  const sync = new WalSync(file, (fd, cb) => {
    started.push({
      fd,
      finish: (err) =>
        new Promise<void>((resolve) => {
          if (err) {
            cb(err as NodeJS.ErrnoException);
            return resolve();
          }
          realFsync(fd, (e) => {
            cb(e);
            resolve();
          });
        }),
    });
  });
  return { dir, file, started, sync };
}

describe('WalSync', () => {
  it('answers a caller only after an fsync that began after its call; callers during one share the next', async () => {
    const { started, sync } = setup();
    const done: string[] = [];
    sync.after(() => done.push('a'));
    expect(started).toHaveLength(1);
    sync.after(() => done.push('b')); // during the first fsync: it may not cover b's commit
    sync.after(() => done.push('c'));
    expect(started).toHaveLength(1);
    await started[0]!.finish();
    expect(done).toEqual(['a']);
    expect(started).toHaveLength(2); // b and c share the next one
    await started[1]!.finish();
    expect(done).toEqual(['a', 'b', 'c']);
    expect(started).toHaveLength(2); // and nothing left to sync
    sync.close();
  });

  it('hands a failed fsync to its callers', async () => {
    const { started, sync } = setup();
    const errs: Array<Error | null> = [];
    sync.after((e) => errs.push(e));
    await started[0]!.finish(new Error('EIO'));
    expect(errs.map((e) => e?.message)).toEqual(['EIO']);
    sync.close();
  });

  it('opens the WAL again when the file was replaced, and fails plainly when it is gone', async () => {
    const { file, started, sync } = setup();
    sync.after(() => {});
    const first = started[0]!;
    await first.finish();
    rmSync(file);
    writeFileSync(file, 'new frames');
    sync.after(() => {});
    // The old descriptor's file was unlinked: the fsync goes to the new file.
    expect(fstatSync(started[1]!.fd).ino).toBe(statSync(file).ino);
    await started[1]!.finish();
    rmSync(file);
    const errs: Array<Error | null> = [];
    sync.after((e) => errs.push(e));
    expect(errs[0]?.message).toMatch(/ENOENT/);
    sync.close();
  });

  it('closes its descriptor only after the fsync under way, and refuses new callers', async () => {
    const { started, sync } = setup();
    const errs: Array<Error | null> = [];
    sync.after((e) => errs.push(e));
    sync.close();
    await started[0]!.finish(); // a real fsync on the still-open descriptor: no EBADF
    expect(errs).toEqual([null]);
    sync.after((e) => errs.push(e));
    expect(errs[1]?.message).toMatch(/closed/);
  });
});

describe('withoutCommitFsync', () => {
  it('runs fn with synchronous = NORMAL and restores FULL, without sqlite.pragma()', () => {
    const db = new Database(':memory:');
    db.pragma('synchronous = FULL');
    onWrites(db, () => undefined);
    const pragma = db.pragma.bind(db);
    let pragmaCalls = 0;
    db.pragma = ((...args: Parameters<typeof pragma>) => {
      pragmaCalls++;
      return pragma(...args);
    }) as typeof db.pragma;
    const seen: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      withoutCommitFsync(db, () => seen.push(pragma('synchronous', { simple: true })));
      seen.push(pragma('synchronous', { simple: true }));
    }
    expect(() =>
      withoutCommitFsync(db, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(pragma('synchronous', { simple: true })).toBe(2);
    expect(seen).toEqual([1, 2, 1, 2, 1, 2]);
    // Never db.pragma(): it builds a statement each call (and, with a write listener, prepares it
    // again to ask whether it writes).
    expect(pragmaCalls).toBe(0);
    db.close();
  });
});
