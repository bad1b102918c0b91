/**
 * Poison pills against a real `memtray serve`: a session whose transcript_path is
 * /dev/zero or a FIFO. The service stays up, quarantines the transcript (listed in Health), never
 * reads it again after a restart, and SIGTERM still stops it.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Health, QuarantineList } from '../../electron/shared/api.js';
import { startServe } from '../helpers/cli.js';
import { rawRequest, tempDir } from '../helpers/service.js';

interface Serve {
  child: ChildProcess;
  port: number;
  token: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function serve(dataDir: string): Promise<Serve> {
  const s = await startServe(['--port', '0', '--data-dir', dataDir]);
  const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
  return {
    child: s.child,
    port: Number(new URL(s.url).port),
    token: readFileSync(join(dataDir, 'token'), 'utf8').trim(),
    output: s.output,
    exited,
  };
}

const post = (s: Serve, event: string, body: unknown) =>
  rawRequest(s.port, {
    method: 'POST',
    path: `/api/hooks/${event}`,
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const quarantined = async (s: Serve): Promise<QuarantineList['items']> => {
  const r = await rawRequest(s.port, {
    path: '/api/health/quarantine',
    headers: { authorization: `Bearer ${s.token}` },
  });
  return r.status === 200 ? (r.json as QuarantineList).items : [];
};

/** Polls until `cond` holds or the service exits (then: false). */
async function until(s: Serve, cond: () => Promise<boolean>, maxMs = 20_000): Promise<boolean> {
  let gone = false;
  void s.exited.then(() => (gone = true));
  const end = Date.now() + maxMs;
  while (!gone && Date.now() < end) {
    if (await cond().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** SIGTERM; resolves with the exit code, or 'hung' if it did not exit within `maxMs`. */
async function terminate(s: Serve, maxMs = 15_000): Promise<number | null | 'hung'> {
  s.child.kill('SIGTERM');
  const r = await Promise.race([
    s.exited,
    new Promise<'hung'>((res) => setTimeout(() => res('hung'), maxMs)),
  ]);
  if (r === 'hung') s.child.kill('SIGKILL');
  return r;
}

describe('poison transcripts against a real serve', () => {
  const live: Serve[] = [];
  afterEach(() => {
    for (const s of live.splice(0)) s.child.kill('SIGKILL');
  });

  it('transcript_path /dev/zero: stays up, quarantined, not re-read after a restart', async () => {
    const dir = tempDir();
    const a = await serve(dir);
    live.push(a);
    const sid = 'poison-zero';
    expect(
      (await post(a, 'UserPromptSubmit', { session_id: sid, transcript_path: '/dev/zero', prompt: 'hi' }))
        .status,
    ).toBe(200);
    expect((await post(a, 'Stop', { session_id: sid, transcript_path: '/dev/zero' })).status).toBe(200);
    const listed = await until(a, async () => (await quarantined(a)).some((q) => q.item === '/dev/zero'));
    expect(listed, a.output()).toBe(true);
    const [item] = await quarantined(a);
    expect(item).toMatchObject({ kind: 'transcript', item: '/dev/zero', failures: 1 });
    expect(item!.reason).toMatch(/not a regular file/);
    expect(a.child.exitCode).toBe(null);
    expect(await terminate(a)).toBe(0);

    // The restart's start-up sweep skips the quarantined transcript; the service stays up.
    const b = await serve(dir);
    live.push(b);
    expect(await until(b, async () => /start sweep done/.test(b.output()))).toBe(true);
    const health = (await rawRequest(b.port, { path: '/api/health' })).json as Health;
    expect(health).toMatchObject({ ok: true, quarantined: 1 });
    expect((await quarantined(b))[0]).toMatchObject({ item: '/dev/zero', failures: 1 });
    expect(b.child.exitCode).toBe(null);
    expect(await terminate(b)).toBe(0);
  }, 60_000);

  it('transcript_path is a FIFO: quarantined without blocking; SIGTERM still stops the service', async () => {
    const dir = tempDir();
    const fifo = join(tempDir('memtray-fifo-'), 'session.jsonl');
    execFileSync('mkfifo', [fifo]);
    const a = await serve(dir);
    live.push(a);
    const sid = 'poison-fifo';
    await post(a, 'UserPromptSubmit', { session_id: sid, transcript_path: fifo, prompt: 'hi' });
    await post(a, 'Stop', { session_id: sid, transcript_path: fifo });
    const listed = await until(a, async () => (await quarantined(a)).some((q) => q.item === fifo), 8000);
    expect(await terminate(a)).toBe(0);
    expect(listed, a.output()).toBe(true);
  }, 60_000);
});
