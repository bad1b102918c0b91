import { fstatSync, fsync as realFsync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WalSync } from './wal-sync.js';

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
