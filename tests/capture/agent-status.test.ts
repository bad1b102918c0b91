/**
 * The capture status lists the other agents found on this machine (their config folder, or their
 * command on PATH) with their hooks' state: what the hooks card shows. Agents not here are left out.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { CaptureStatus } from '../../electron/shared/contract/capture.js';
import { runCli } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

let t: TestService | undefined;
const saved = { HOME: process.env.HOME, PATH: process.env.PATH, XDG: process.env.XDG_CONFIG_HOME };
let home = '';
beforeAll(() => {
  // A private HOME and a PATH without the package's agent CLIs: only the folders made below count.
  home = tempDir('memtray-agent-status-');
  process.env.HOME = home;
  process.env.PATH = '/usr/bin:/bin';
  delete process.env.XDG_CONFIG_HOME;
});
afterAll(() => {
  process.env.HOME = saved.HOME;
  process.env.PATH = saved.PATH;
  if (saved.XDG !== undefined) process.env.XDG_CONFIG_HOME = saved.XDG;
});
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

it('lists the agents found here with their hooks state, and none that is absent', async () => {
  t = await startTestService();
  const status = async () => ((await t!.api('GET', '/api/capture/status')).json as CaptureStatus).otherAgents;
  expect(await status()).toEqual([]);

  mkdirSync(join(home, '.gemini'));
  mkdirSync(join(home, '.config', 'opencode'), { recursive: true });
  const env = { HOME: home, PATH: '/usr/bin:/bin' };
  const r = await runCli(['hooks', 'install', '--agent', 'gemini', '--data-dir', t.dataDir, '--json'], {
    env,
  });
  expect(r.code, r.stderr).toBe(0);

  const agents = await status();
  expect(agents.map((a) => [a.agent, a.installed])).toEqual([
    ['gemini', true],
    ['opencode', false],
  ]);
  expect(agents[0]!.path).toBe(join(home, '.gemini', 'settings.json'));
  expect(agents[0]!.events).toContain('AfterTool');
  expect(agents[1]!.events).toEqual([]);
});

it("does not take the package's own agent CLIs (a node_modules/.bin on PATH) for the user's", async () => {
  // npm puts node_modules/.bin first on PATH for `npm start` and `npm test`; MemTray's
  // devDependencies hold codex, gemini and opencode there.
  process.env.PATH = `${join(process.cwd(), 'node_modules', '.bin')}:/usr/bin:/bin`;
  process.env.HOME = tempDir('memtray-agent-bin-');
  try {
    t = await startTestService();
    const status = (await t.api('GET', '/api/capture/status')).json as CaptureStatus;
    expect(status.otherAgents.map((a) => a.agent)).not.toContain('codex');
    expect(status.otherAgents.map((a) => a.agent)).not.toContain('gemini');
  } finally {
    process.env.PATH = '/usr/bin:/bin';
    process.env.HOME = home;
  }
});

it("hooks install --agent all leaves Claude Code alone when its only `claude` is the package's own", async () => {
  const bare = tempDir('memtray-agent-all-');
  const env = { HOME: bare, PATH: `${join(process.cwd(), 'node_modules', '.bin')}:/usr/bin:/bin` };
  const data = tempDir('memtray-agent-all-data-');
  const r = await runCli(['hooks', 'install', '--agent', 'all', '--data-dir', data, '--json'], { env });
  expect(r.code, r.stderr).toBe(0);
  expect(existsSync(join(bare, '.claude', 'settings.json'))).toBe(false);
  expect(existsSync(join(bare, '.codex'))).toBe(false);
});

it('says when an agent’s hooks run a hook program that is gone (MemTray moved)', async () => {
  t = await startTestService();
  const dir = tempDir('memtray-agent-moved-');
  process.env.HOME = dir;
  try {
    mkdirSync(join(dir, '.gemini'));
    const gone = join(dir, 'old-install', 'memtray-hook');
    const command = `${gone} --data-dir ${t.dataDir} --agent gemini AfterTool`;
    writeFileSync(
      join(dir, '.gemini', 'settings.json'),
      JSON.stringify({ hooks: { AfterTool: [{ matcher: '*', hooks: [{ type: 'command', command }] }] } }),
    );
    const status = (await t.api('GET', '/api/capture/status')).json as CaptureStatus;
    const gemini = status.otherAgents.find((a) => a.agent === 'gemini');
    expect(gemini?.installed).toBe(true);
    expect(gemini?.problems).toEqual([expect.stringContaining(`hook program not found: ${gone}`)]);

    const cli = await runCli(['hooks', 'status', '--agent', 'gemini', '--data-dir', t.dataDir], {
      env: { HOME: dir, PATH: '/usr/bin:/bin' },
    });
    expect(cli.stdout).toContain(`problem: hook program not found: ${gone}`);
  } finally {
    process.env.HOME = home;
  }
});
