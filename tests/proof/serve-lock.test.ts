/**
 * The serve lock: one service per data dir, decided by an OS lock, not by
 * `server.json`. A stale `server.json` naming any live process never blocks start-up; two services
 * started at once never both serve; a service killed with SIGKILL leaves nothing that blocks the next.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readServerInfo, dataDirPaths } from '../../electron/core/config/data-dir.js';
import { MEMTRAY_BIN, startServe } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

/** Spawns `memtray serve`; resolves 'serving' once it prints its URL, or its exit code and output. */
function race(dataDir: string): { child: ChildProcess; outcome: Promise<{ serving: boolean; out: string }> } {
  const child = spawn(process.execPath, [MEMTRAY_BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
    stdio: 'pipe',
  });
  let out = '';
  const outcome = new Promise<{ serving: boolean; out: string }>((resolve) => {
    const onData = (c: Buffer): void => {
      out += c.toString();
      if (/MemTray is running at/.test(out)) resolve({ serving: true, out });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', () => resolve({ serving: false, out }));
  });
  return { child, outcome };
}

describe('serve lock', () => {
  const children: ChildProcess[] = [];
  const services: TestService[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) c.kill('SIGKILL');
    for (const s of services.splice(0)) await s.stop().catch(() => undefined);
  });

  it('a stale server.json naming a live process ({"port":1,"pid":1}) does not block start-up', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'server.json'), '{"port":1,"pid":1}\n');
    const s = await startServe(['--port', '0', '--data-dir', dir]);
    children.push(s.child);
    const info = readServerInfo(dataDirPaths(dir))!;
    expect(info.pid).toBe(s.child.pid);
    expect(info.instance).toMatch(/^[0-9a-f]{32}$/);
  });

  it('two services started at once in one process: exactly one serves', async () => {
    const dir = tempDir();
    const both = await Promise.allSettled([
      startTestService({ dataDir: dir }),
      startTestService({ dataDir: dir }),
    ]);
    for (const r of both) if (r.status === 'fulfilled') services.push(r.value);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/already serves/);
    // Once it stops, the data dir is free again.
    await services.pop()!.stop();
    services.push(await startTestService({ dataDir: dir }));
  });

  it('two `memtray serve` started at once: exactly one serves, the other says why and exits 1', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = tempDir();
      const a = race(dir);
      const b = race(dir);
      children.push(a.child, b.child);
      const [ra, rb] = await Promise.all([a.outcome, b.outcome]);
      expect([ra.serving, rb.serving].filter(Boolean), `${ra.out}\n---\n${rb.out}`).toHaveLength(1);
      const loser = ra.serving ? rb : ra;
      expect(loser.out).toMatch(/already serves/);
      for (const c of [a.child, b.child]) c.kill('SIGKILL');
    }
  }, 60_000);

  it('after SIGKILL the next serve starts, though server.json still names the dead one', async () => {
    const dir = tempDir();
    const first = await startServe(['--port', '0', '--data-dir', dir]);
    children.push(first.child);
    const gone = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await gone;
    expect(readServerInfo(dataDirPaths(dir))?.pid).toBe(first.child.pid);
    const second = await startServe(['--port', '0', '--data-dir', dir]);
    children.push(second.child);
    expect(readServerInfo(dataDirPaths(dir))?.pid).toBe(second.child.pid);
  }, 30_000);
});
