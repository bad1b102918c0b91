import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { MessagesApiServer } from '../helpers/messages-api/server.js';
import { MIGRATIONS_DIR, rawRequest, tempDir } from '../helpers/service.js';
import { drained, obsRows, startRig, toolEvent, waitQueue, type Rig } from './helpers.js';

async function bundleChild(): Promise<string> {
  const dir = join(process.cwd(), 'node_modules', '.cache', 'memtray-compress-test');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `crash-child-${process.pid}.mjs`);
  await build({
    entryPoints: [join(process.cwd(), 'tests/compress/fixtures/crash-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}

function startChild(
  script: string,
  dataDir: string,
  leaseMs: number,
): Promise<{ child: ChildProcess; port: number; token: string }> {
  const child = spawn(process.execPath, [script, dataDir, MIGRATIONS_DIR, String(leaseMs)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ child, ...(JSON.parse(line!) as { port: number; token: string }) });
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`child exited ${code}: ${out}`)));
  });
}

describe('kill -9 between lease and completion', () => {
  let rig: Rig | null = null;
  const api = new MessagesApiServer();
  afterAll(async () => {
    await rig?.dispose();
    await api.stop();
  });

  it('the restarted service reclaims the dead lease at once, runs the job again and leaves exactly one structured observation', async () => {
    await api.start();
    const script = await bundleChild();
    const dataDir = tempDir();
    // A 10-minute lease: the restart must not wait for it to expire.
    const { child, port, token } = await startChild(script, dataDir, 600_000);
    const call = (method: string, path: string, body: unknown) =>
      rawRequest(port, {
        method,
        path,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await call('PUT', '/api/settings', { provider: { baseUrl: api.url } })).status).toBe(200);

    api.next({ kind: 'hang' }); // the child leases the job, calls the API, and never hears back
    const arrived = new Promise<void>((r) => (api.onRequest = () => r()));
    const ev = toolEvent(
      's-crash',
      'Read',
      { file_path: '/work/proj/a.ts' },
      {
        type: 'text',
        file: { filePath: '/work/proj/a.ts', content: 'x', numLines: 1, startLine: 1, totalLines: 1 },
      },
    );
    expect((await call('POST', '/api/hooks/PostToolUse', ev)).status).toBe(200);
    await arrived;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;

    // Restart on the same data dir (with a fresh Messages API server that answers normally).
    rig = await startRig({ dataDir });
    const restarted = rig;
    await waitQueue(restarted.t, (q) => drained(q) && q.done === 1, 20_000);
    const rows = obsRows(restarted.t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'processed', produced_by: 'claude-haiku-4-5' });
    const jobs = restarted.t.service.core.sqlite.prepare('SELECT status, attempts FROM jobs').all();
    expect(jobs).toEqual([{ status: 'done', attempts: 2 }]);
    // One hung call before the kill, one call after the restart (the reclaimed job may start before
    // the restarted rig points settings at its own server, so count both servers).
    expect(api.requests.length + restarted.api.requests.length).toBe(2);
  });
});
