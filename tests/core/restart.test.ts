import { statSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirPaths, readServerInfo } from '../../electron/core/config/data-dir.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const mode = (p: string): number => statSync(p).mode & 0o777;

describe('data dir, restart and ports', () => {
  const running: TestService[] = [];
  afterEach(async () => {
    for (const t of running.splice(0)) await t.stop().catch(() => {});
  });

  it('keeps data and the token across a restart; files are private', async () => {
    const dir = tempDir();
    const a = await startTestService({ dataDir: dir, writeServerJson: true });
    running.push(a);
    await a.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: 'r',
      cwd: '/x/r',
      prompt: 'remember me',
    });
    await a.api('PUT', '/api/settings', { skipTools: ['Foo'] });
    const paths = dataDirPaths(dir);
    expect(readServerInfo(paths)).toMatchObject({ port: a.port, pid: process.pid });
    expect(mode(dir)).toBe(0o700);
    expect(mode(paths.token)).toBe(0o600);
    expect(mode(paths.db)).toBe(0o600);
    await a.stop();
    expect(readServerInfo(paths)).toBeNull();

    const b = await startTestService({ dataDir: dir, writeServerJson: true });
    running.push(b);
    expect(b.token).toBe(a.token);
    const d = (await b.api('GET', '/api/sessions/1')).json as { prompts: Array<{ prompt: string }> };
    expect(d.prompts[0]!.prompt).toBe('remember me');
    expect(((await b.api('GET', '/api/settings')).json as { skipTools: string[] }).skipTools).toEqual([
      'Foo',
    ]);
    const integrity = b.service.core.sqlite.pragma('integrity_check', { simple: true });
    expect(integrity).toBe('ok');
  });

  it('moves to the next port when the preferred one is busy', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const busy = (blocker.address() as { port: number }).port;
    try {
      const t = await startTestService({ port: busy });
      running.push(t);
      expect(t.port).toBeGreaterThan(busy);
      expect((await t.api('GET', '/api/health')).status).toBe(200);
    } finally {
      blocker.close();
    }
  });

  it('listens on the loopback address only', async () => {
    const t = await startTestService();
    running.push(t);
    expect(t.service.server.address()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
  });
});
