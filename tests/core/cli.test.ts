import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, startServe } from '../helpers/cli.js';
import { rawRequest, tempDir } from '../helpers/service.js';
import { cliStatusOutput } from '../../electron/shared/contract/cli.js';

describe('memtray CLI', () => {
  it('serve runs in the foreground, status reports it, SIGTERM shuts down cleanly', async () => {
    const dir = tempDir();
    const { child, url } = await startServe(['--port', '0', '--data-dir', dir, '--quiet']);
    const port = Number(new URL(url).port);
    const info = JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8')) as { port: number; pid: number };
    expect(info).toMatchObject({ port, pid: child.pid });
    const token = readFileSync(join(dir, 'token'), 'utf8').trim();
    const r = await rawRequest(port, {
      method: 'POST',
      path: '/api/hooks/UserPromptSubmit',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: 'cli', cwd: '/p/cli', prompt: 'hi' }),
    });
    expect(r.status).toBe(200);

    const st = await runCli(['status', '--data-dir', dir, '--json']);
    expect(st.code).toBe(0);
    expect(cliStatusOutput.parse(JSON.parse(st.stdout))).toMatchObject({
      running: true,
      port,
      counts: { sessions: 1, prompts: 1 },
    });
    const human = await runCli(['status', '--data-dir', dir]);
    expect(human.stdout).toMatch(/is running at http:\/\/127\.0\.0\.1:\d+/);

    // A second service on the same data dir refuses to start.
    const second = await runCli(['serve', '--port', '0', '--data-dir', dir]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/already serves/);

    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dir, 'server.json'))).toBe(false);
    const after = await runCli(['status', '--data-dir', dir]);
    expect(after.code).toBe(3);
    expect(after.stdout).toMatch(/not running/);
  });

  it('explains unknown commands and bad options', async () => {
    const u = await runCli(['frobnicate']);
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(/unknown command 'frobnicate'/);
    const p = await runCli(['serve', '--port', 'abc', '--data-dir', tempDir()]);
    expect(p.code).toBe(1);
    expect(p.stderr).toMatch(/--port must be an integer/);
    const h = await runCli(['--help']);
    expect(h.stdout).toMatch(/Usage: memtray <command>/);
  });
});

describe('per-command help', () => {
  it.each(['serve', 'status', 'search', 'mcp', 'import'])(
    'memtray %s --help prints its usage',
    async (cmd) => {
      const r = await runCli([cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: memtray ${cmd}\\b`));
    },
  );
});
