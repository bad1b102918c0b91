import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hooksStatus,
  installHooks,
  uninstallHooks,
  type InstallerEnv,
} from '../../electron/core/capture/installer.js';
import { cliHooksOutput } from '../../electron/shared/contract/cli.js';
import { runCli } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

function env(): InstallerEnv {
  const home = tempDir('memtray-home-');
  return {
    dataDir: join(home, '.memtray'),
    home,
    cwd: join(home, 'proj'),
    packageRoot: process.cwd(),
    token: 'f'.repeat(64),
    nodePath: process.execPath,
    env: {},
  };
}

const theirs = {
  model: 'opus',
  hooks: {
    PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'prettier --write' }] }],
    Notification: [{ hooks: [{ type: 'command', command: 'notify-send hi' }] }],
  },
};

describe('hooks installer', () => {
  it('merges without touching other hooks, is idempotent, backs up, and uninstall restores exactly', () => {
    const e = env();
    const path = join(e.home, '.claude', 'settings.json');
    mkdirSync(join(e.home, '.claude'));
    writeFileSync(path, JSON.stringify(theirs), { mode: 0o644 });
    const r1 = installHooks(e, {});
    expect(r1).toMatchObject({ installed: true, mode: 'http', scope: 'user', settingsPath: path });
    expect(r1.backup).not.toBeNull();
    expect(JSON.parse(readFileSync(r1.backup!, 'utf8'))).toEqual(theirs);
    const once = readFileSync(path, 'utf8');
    const backups = () => readdirSync(join(e.home, '.claude')).filter((f) => f.includes('.memtray-backup-'));
    expect(backups()).toHaveLength(1);
    // Installed again: nothing changes, so no write and no second (identical) backup.
    expect(installHooks(e, {}).backup).toBeNull();
    expect(installHooks(e, {}).backup).toBeNull();
    expect(readFileSync(path, 'utf8')).toBe(once);
    expect(backups()).toHaveLength(1);
    const s = JSON.parse(once) as {
      model: string;
      hooks: Record<string, Array<{ hooks: Array<Record<string, unknown>> }>>;
    };
    expect(s.model).toBe('opus');
    expect(s.hooks.PostToolUse![0]).toEqual(theirs.hooks.PostToolUse[0]);
    expect(s.hooks.PostToolUse![1]!.hooks[0]).toMatchObject({
      type: 'http',
      url: 'http://127.0.0.1:37777/api/hooks/PostToolUse',
      headers: { Authorization: `Bearer ${'f'.repeat(64)}` },
    });
    expect(s.hooks.SessionStart![0]!.hooks[0]).toMatchObject({ type: 'command' });
    expect(String(s.hooks.SessionStart![0]!.hooks[0]!.command)).toMatch(/memtray-hook.* SessionStart$/);
    expect(statSync(path).mode & 0o077).toBe(0); // holds the token: private
    const u = uninstallHooks(e, {});
    expect(u.removed).toBe(11);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(theirs);
    expect(uninstallHooks(e, {}).removed).toBe(0);
  });

  it('command mode with project scope writes settings.local.json; token-env uses interpolation', () => {
    const e = env();
    const r = installHooks(e, { mode: 'command', scope: 'project' });
    expect(r.settingsPath).toBe(join(e.cwd, '.claude', 'settings.local.json'));
    expect(r.mode).toBe('command');
    const text = readFileSync(r.settingsPath, 'utf8');
    expect(text).not.toContain('f'.repeat(64));
    expect(text).not.toContain('--data-dir'); // the default data dir for that home
    const custom = installHooks(
      { ...e, dataDir: join(e.home, 'elsewhere') },
      { mode: 'command', scope: 'project' },
    );
    expect(readFileSync(custom.settingsPath, 'utf8')).toContain(
      `--data-dir ${join(e.home, 'elsewhere')} Stop`,
    );
    const e2 = env();
    installHooks(e2, { tokenSource: 'env' });
    const t2 = readFileSync(join(e2.home, '.claude', 'settings.json'), 'utf8');
    expect(t2).toContain('Bearer $MEMTRAY_TOKEN');
    expect(t2).toContain('"allowedEnvVars"');
    expect(hooksStatus(e2).problems).toContain(
      'hooks use $MEMTRAY_TOKEN but it is not set in this environment',
    );
  });

  it('refuses a settings file that is not valid JSON and changes nothing', () => {
    const e = env();
    const path = join(e.home, '.claude', 'settings.json');
    mkdirSync(join(e.home, '.claude'));
    writeFileSync(path, '{ "hooks": { oops ');
    expect(() => installHooks(e, {})).toThrow(/not valid JSON.*nothing was changed/);
    expect(readFileSync(path, 'utf8')).toBe('{ "hooks": { oops ');
    expect(readdirSync(join(e.home, '.claude'))).toEqual(['settings.json']);
    writeFileSync(path, JSON.stringify({ hooks: { Stop: 'nope' } }));
    expect(() => installHooks(e, {})).toThrow(/hooks.Stop" is not an array/);
  });
});

describe('memtray hooks --json', () => {
  it('install, status and uninstall print the contract shape (cliHooksOutput)', async () => {
    const dir = tempDir();
    const settings = join(dir, 'settings.json');
    for (const sub of ['install', 'status', 'uninstall'] as const) {
      const r = await runCli([
        'hooks',
        sub,
        '--settings',
        settings,
        '--data-dir',
        join(dir, 'data'),
        '--json',
      ]);
      expect(r.stderr).toBe('');
      const out = cliHooksOutput.parse(JSON.parse(r.stdout));
      expect(out.installed, sub).toBe(sub !== 'uninstall');
      expect(out.settingsPath).toBe(settings);
      if (sub === 'uninstall') expect(out.removed).toBeGreaterThan(0);
    }
  });
});

describe('capture hook routes', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
  });

  it('GET/POST /api/capture/hooks install, report and uninstall (project scope)', async () => {
    t = await startTestService();
    const proj = tempDir('memtray-proj-');
    const before = await t.api(
      'GET',
      `/api/capture/hooks?scope=project&projectDir=${encodeURIComponent(proj)}`,
    );
    expect(before.json).toMatchObject({ installed: false, mode: null, scope: 'project', events: [] });
    const inst = await t.api('POST', '/api/capture/hooks/install', {
      mode: 'http',
      scope: 'project',
      projectDir: proj,
    });
    expect(inst.status).toBe(200);
    expect(inst.json).toMatchObject({ installed: true, mode: 'http', scope: 'project' });
    // Every event that carries memory or state; PreToolUse (on Claude's path) stays off.
    expect((inst.json as { events: string[] }).events.sort()).toEqual([
      'Notification',
      'PermissionRequest',
      'PostToolUse',
      'PostToolUseFailure',
      'PreCompact',
      'SessionEnd',
      'SessionStart',
      'Stop',
      'SubagentStart',
      'SubagentStop',
      'UserPromptSubmit',
    ]);
    const un = await t.api('POST', '/api/capture/hooks/uninstall', { scope: 'project', projectDir: proj });
    expect(un.json).toMatchObject({ installed: false, events: [] });
    expect((await t.api('POST', '/api/capture/hooks/install', { mode: 'smoke' })).status).toBe(400);
    writeFileSync(join(proj, '.claude', 'settings.local.json'), 'nope');
    const bad = await t.api('POST', '/api/capture/hooks/install', { scope: 'project', projectDir: proj });
    expect(bad.status).toBe(409);
    expect((bad.json as { error: string }).error).toMatch(/not valid JSON/);
  });
});
