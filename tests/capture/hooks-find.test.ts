/**
 * Installed hooks keep reaching the service: a command hook finds it on whatever port it listens,
 * http hooks naming a port the service could not get are rewritten (when they carry this install's
 * token) and said so, and a moved install is reported with its fix and repaired.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  hookCommand,
  hooksStatus,
  installHooks,
  type InstallerEnv,
} from '../../electron/core/capture/installer.js';
import { findOurHooks } from '../../electron/core/capture/settings-merge.js';
import { featurePlugins } from '../../electron/core/features.js';
import { ensureDataDir, loadOrCreateToken } from '../../electron/core/config/data-dir.js';
import type { CaptureStatus, HooksState } from '../../electron/shared/contract/capture.js';
import { fileLogger } from '../../electron/core/util/logger.js';
import { cliHooksOutput } from '../../electron/shared/contract/cli.js';
import { runCli } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

type Settings = { hooks: Record<string, Array<{ hooks: Array<Record<string, unknown>> }>> };

const home0 = process.env.HOME;
let home = '';
let t: TestService | undefined;
let blocker: Server | undefined;
beforeAll(() => {
  home = tempDir('memtray-home-');
  // The service and the CLI read ~/.claude/settings.json: a private HOME, never the real one.
  process.env.HOME = home;
});
afterAll(() => {
  process.env.HOME = home0;
});
beforeEach(() => rmSync(join(home, '.claude'), { recursive: true, force: true }));
afterEach(async () => {
  await t?.dispose();
  t = undefined;
  await new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r()));
  blocker = undefined;
});

const userSettings = (): string => join(home, '.claude', 'settings.json');
const readUser = (): Settings => JSON.parse(readFileSync(userSettings(), 'utf8')) as Settings;
const hookOf = (event: string): Record<string, unknown> => readUser().hooks[event]![0]!.hooks[0]!;

function install(packageRoot = process.cwd()): { dataDir: string; e: InstallerEnv } {
  const dataDir = tempDir('memtray-data-');
  const token = loadOrCreateToken(ensureDataDir(dataDir));
  const e: InstallerEnv = {
    dataDir,
    home,
    cwd: home,
    packageRoot,
    token,
    nodePath: process.execPath,
    env: {},
  };
  return { dataDir, e };
}

/** Runs an installed command hook as Claude Code does: through the shell, the payload on stdin. */
function runCommandHook(command: string, payload: unknown): Promise<number | null> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.MEMTRAY_DATA_DIR;
  delete env.NODE_EXTRA_CA_CERTS;
  return new Promise((resolve) => {
    const p = spawn('sh', ['-c', command], { env, stdio: ['pipe', 'ignore', 'ignore'] });
    p.on('close', resolve);
    p.stdin.end(JSON.stringify(payload));
  });
}

async function promptReached(sid: string, command: string): Promise<boolean> {
  const payload = { session_id: sid, cwd: home, prompt: 'where is the service' };
  expect(await runCommandHook(command, payload)).toBe(0);
  await t!.settled();
  return t!.service.core.read.sessionByClaudeId(sid) !== null;
}

/** A plain TCP listener holding a port, as another program would. */
async function holdPort(): Promise<number> {
  blocker = createServer();
  await new Promise<void>((r) => blocker!.listen({ port: 0, host: '127.0.0.1' }, () => r()));
  return (blocker.address() as AddressInfo).port;
}

/** A copy of this install's hook program in another folder, as a clone elsewhere has it. */
function otherClone(): string {
  const root = tempDir('memtray-clone-');
  mkdirSync(join(root, 'dist'));
  copyFileSync(join(process.cwd(), 'dist', 'memtray-hook.cjs'), join(root, 'dist', 'memtray-hook.cjs'));
  return root;
}

it('a command hook installed while the service was down reaches it on the port it took', async () => {
  const { dataDir, e } = install();
  installHooks(e, { mode: 'command' });
  t = await startTestService({ dataDir, writeServerJson: true, plugins: featurePlugins() });
  expect(t.port).not.toBe(37777);
  const command = String(hookOf('UserPromptSubmit').command);
  expect(command).not.toContain(String(t.port));
  expect(await promptReached('find-1', command)).toBe(true);
});

it('http hooks naming a port another program holds are rewritten to the port the service took, and said so', async () => {
  const taken = await holdPort();
  const { dataDir, e } = install();
  installHooks(e, { mode: 'http', port: taken });
  const logger = fileLogger(join(dataDir, 'memtray.log'));
  t = await startTestService({
    dataDir,
    port: taken,
    writeServerJson: true,
    plugins: featurePlugins(),
    logger,
  });
  expect(t.port).not.toBe(taken);
  expect(findOurHooks(readUser()).ports).toEqual([t.port]);
  const s = (await t.api('GET', '/api/capture/status')).json as CaptureStatus;
  const user = s.hookFiles.find((f) => f.settingsPath === userSettings())!;
  expect(user.problems).toEqual([
    expect.stringMatching(new RegExp(`rewrote its hooks.*port ${taken}, the service listens on ${t.port}`)),
  ]);
  const log = readFileSync(join(dataDir, 'memtray.log'), 'utf8');
  expect(log).toContain(`port taken; listening on the next free one {"wanted":${taken},"port":${t.port}}`);
  expect(log).toContain(`capture: MemTray rewrote its hooks in ${userSettings()}`);
  // The hooks card reads the same note.
  expect(((await t.api('GET', '/api/capture/hooks')).json as HooksState).problems).toEqual(user.problems);
  // The rewritten http hook is accepted by the service.
  const h = hookOf('UserPromptSubmit') as { url: string; headers: Record<string, string> };
  const res = await fetch(h.url, {
    method: 'POST',
    headers: { ...h.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ session_id: 'find-2', cwd: home, prompt: 'hello' }),
  });
  expect(res.status).toBe(200);
});

it("another install's http hooks are left alone and reported with the fix", async () => {
  const taken = await holdPort();
  const { dataDir, e } = install();
  installHooks({ ...e, token: 'e'.repeat(64) }, { mode: 'http', port: taken });
  const before = readFileSync(userSettings(), 'utf8');
  t = await startTestService({ dataDir, port: taken, writeServerJson: true, plugins: featurePlugins() });
  expect(readFileSync(userSettings(), 'utf8')).toBe(before);
  const s = (await t.api('GET', '/api/capture/status')).json as CaptureStatus;
  const problems = s.hookFiles.find((f) => f.settingsPath === userSettings())!.problems;
  expect(problems).toContain(
    `hooks post to port ${taken} but the service listens on ${t.port}: run \`memtray hooks install\` again`,
  );
});

it('a moved install is reported by `hooks status` with its fix, and `hooks install` repairs it once', async () => {
  const old = otherClone();
  const { dataDir, e } = install();
  installHooks({ ...e, packageRoot: old }, { mode: 'command' });
  rmSync(old, { recursive: true });
  const cli = async (...args: string[]) => {
    const r = await runCli(['hooks', ...args, '--data-dir', dataDir, '--json'], { env: { HOME: home } });
    return cliHooksOutput.parse(JSON.parse(r.stdout));
  };
  const gone = join(old, 'dist', 'memtray-hook.cjs');
  expect((await cli('status')).problems).toContain(
    `hook program not found: ${gone} (MemTray moved or was removed): run \`memtray hooks install\` again to run ${hookCommand(e)}`,
  );
  expect((await cli('install', '--mode', 'command')).problems.filter((p) => /hook/.test(p))).toEqual([]);
  expect(String(hookOf('Stop').command)).toBe(`${hookCommand(e)} Stop`);
  const backups = (): number => readdirSync(join(home, '.claude')).filter((f) => /backup/.test(f)).length;
  const n = backups();
  await cli('install', '--mode', 'command');
  expect(backups()).toBe(n);
});

it('the service repairs its own moved command hooks at start, and leaves an existing other install alone', async () => {
  const old = otherClone();
  const { dataDir, e } = install();
  installHooks({ ...e, packageRoot: old }, { mode: 'command' });
  expect(hooksStatus(e).problems.filter((p) => /hook program/.test(p))).toEqual([
    `the hooks run ${process.execPath} ${join(old, 'dist', 'memtray-hook.cjs')} --data-dir ${dataDir}, not this install's hook program ${hookCommand(e)}: run \`memtray hooks install\` from the install you use`,
  ]);
  t = await startTestService({ dataDir, writeServerJson: true, plugins: featurePlugins() });
  expect(String(hookOf('Stop').command)).toContain(old);
  await t.service.stop();

  rmSync(old, { recursive: true });
  t = await startTestService({ dataDir, writeServerJson: true, plugins: featurePlugins() });
  const command = String(hookOf('UserPromptSubmit').command);
  expect(command).toBe(`${hookCommand(e)} UserPromptSubmit`);
  expect(existsSync(old)).toBe(false);
  const s = (await t.api('GET', '/api/capture/status')).json as CaptureStatus;
  expect(s.hookFiles.find((f) => f.settingsPath === userSettings())!.problems).toEqual([
    expect.stringMatching(/rewrote its hooks.*memtray-hook\.cjs, which no longer exists/),
  ]);
  expect(await promptReached('find-3', command)).toBe(true);
});
