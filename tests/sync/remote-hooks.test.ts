import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hooksStatus,
  hookUrl,
  installHooks,
  InstallError,
  uninstallHooks,
  type InstallerEnv,
} from '../../electron/core/capture/installer.js';
import { rawRequest, startTestService, tempDir, type TestService } from '../helpers/service.js';

/** A remote dev box: its own home and data dir; the token is the desktop's (MEMTRAY_TOKEN). */
function remoteBox(token: string): InstallerEnv {
  const home = tempDir('memtray-remote-');
  return {
    dataDir: join(home, '.memtray'),
    home,
    cwd: join(home, 'proj'),
    packageRoot: process.cwd(),
    token,
    nodePath: process.execPath,
    env: {},
  };
}

let desktop: TestService | null = null;
afterEach(async () => {
  await desktop?.dispose();
  desktop = null;
});

describe('hooks install --url (Claude Code on a remote box)', () => {
  it('installs http hooks that post to the given endpoint with the token, and uninstalls them', async () => {
    desktop = await startTestService();
    // Over `ssh -R PORT:127.0.0.1:PORT` the remote's loopback port is the desktop's service.
    const e = remoteBox(desktop.token);
    const r = installHooks(e, { url: `http://127.0.0.1:${desktop.port}/` });
    expect(r.installed).toBe(true);
    // The remote box runs no service of its own; the token check passes (it is the desktop's).
    expect(r.problems.filter((p) => !/service is not running/.test(p))).toEqual([]);
    const settings = JSON.parse(readFileSync(r.settingsPath, 'utf8')) as {
      hooks: Record<string, Array<{ hooks: Array<{ url?: string; headers?: Record<string, string> }> }>>;
    };
    const hook = settings.hooks.PostToolUse![0]!.hooks[0]!;
    expect(hook.url).toBe(`http://127.0.0.1:${desktop.port}/api/hooks/PostToolUse`);
    // What Claude Code on the remote box sends, exactly as the installed entry says.
    const send = (event: string, body: Record<string, unknown>) =>
      rawRequest(desktop!.port, {
        method: 'POST',
        path: new URL(settings.hooks[event]![0]!.hooks[0]!.url!).pathname,
        headers: { ...settings.hooks[event]![0]!.hooks[0]!.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ session_id: 'remote-1', cwd: '/srv/app', ...body }),
      });
    expect((await send('UserPromptSubmit', { prompt: 'on the box' })).status).toBe(200);
    const post = await send('PostToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'r1',
      tool_input: { command: 'make' },
      tool_response: { stdout: 'ok' },
    });
    expect(post.status, post.text).toBe(200);
    await desktop.settled();
    const row = desktop.service.core.sqlite
      .prepare(
        "SELECT s.project FROM observations o JOIN sessions s ON s.id = o.session_id WHERE o.tool_use_id = 'r1'",
      )
      .get();
    expect(row).toEqual({ project: 'app' });
    // A wrong token is still refused.
    const wrong = await rawRequest(desktop.port, {
      method: 'POST',
      path: '/api/hooks/PostToolUse',
      headers: { authorization: 'Bearer nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(wrong.status).toBe(401);

    expect(hooksStatus(e).installed).toBe(true);
    expect(uninstallHooks(e).removed).toBeGreaterThan(0);
    expect(hooksStatus(e).installed).toBe(false);
  });

  it('refuses endpoints that would send the token in clear or are not a bare endpoint', () => {
    expect(hookUrl('http://127.0.0.1:37777/')).toBe('http://127.0.0.1:37777');
    expect(hookUrl('https://memtray.example.com')).toBe('https://memtray.example.com');
    expect(() => hookUrl('http://desktop.lan:37777')).toThrow(InstallError);
    expect(() => hookUrl('http://127.0.0.1:37777/api')).toThrow(/no path/);
    expect(() => hookUrl('https://u:p@host')).toThrow(/credentials/);
    expect(() => hookUrl('ftp://host')).toThrow(/http or https/);
    expect(() => hookUrl('not a url')).toThrow(/must be a URL/);
  });
});
