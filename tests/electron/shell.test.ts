/**
 * The shell's main-process logic against the real service: attach-or-start (including a real
 * `memtray serve` child), IPC dispatch (sender check, validation, search), live events, the tray
 * controller (pause from the menu, failures, re-attaching), the safeStorage secret store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { dataDirPaths } from '../../electron/core/config/data-dir.js';
import { featureCoreOptions, featurePlugins } from '../../electron/core/features.js';
import type { ServiceOptions } from '../../electron/core/service.js';
import { connectService, decideAttach, type ServiceHandle } from '../../electron/main/connect.js';
import { ShellController } from '../../electron/main/controller.js';
import { FailureWatch } from '../../electron/main/notify.js';
import { HOUR_MS } from '../../electron/main/pause.js';
import {
  encryptedSecretStore,
  encryptedSecretStores,
  encryptedStoreFiles,
} from '../../electron/main/secret-store.js';
import { loadFixtureEvents } from '../helpers/corpus.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { aesCipher, RecordingShell, waitFor } from './helpers.js';

// Hooks are installed into (and history imported from) $HOME/.claude: use a fresh HOME.
process.env.HOME = tempDir('memtray-shell-home-');

const dirs: string[] = [process.env.HOME];
const handles: ServiceHandle[] = [];
const children: ChildProcess[] = [];

function dataDir(): string {
  const d = tempDir('memtray-shell-');
  dirs.push(d);
  return d;
}

function options(dir: string, extra: Partial<ServiceOptions> = {}): ServiceOptions {
  return {
    dataDir: dir,
    migrationsDir: MIGRATIONS_DIR,
    port: 0,
    ...featureCoreOptions(),
    plugins: featurePlugins(),
    ...extra,
  };
}

async function connect(dir: string, extra: Partial<ServiceOptions> = {}): Promise<ServiceHandle> {
  const h = await connectService(options(dir, extra));
  handles.push(h);
  return h;
}

/** A real `memtray serve` on the data dir; resolves once it wrote server.json. */
async function serveChild(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['bin/memtray.mjs', 'serve', '--port', '0', '--data-dir', dir, '--quiet'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  await waitFor(() => /Open the UI/.test(out), `memtray serve to start (${out})`, 20_000);
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const ourWindow = { webContentsId: 1, frameUrl: 'app://memtray/index.html#search', isMainFrame: true };
const policy = { allowedIds: new Set([1]), devUrl: null };

afterEach(async () => {
  for (const h of handles.splice(0)) await h.stop();
  for (const c of children.splice(0)) await stopChild(c);
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('attach or start', () => {
  it('starts in-process when nothing serves the data dir, and attaches to it from a second host', async () => {
    const dir = dataDir();
    expect(await decideAttach(dir)).toEqual({ kind: 'start', reason: 'no server.json' });
    const first = await connect(dir);
    expect(first.mode).toBe('in-process');
    expect(existsSync(dataDirPaths(dir).serverJson)).toBe(true);
    // A second host in another process would see server.json naming a live pid: simulate "another
    // process" by not being that pid.
    const d = await decideAttach(dir, { selfPid: -1 });
    expect(d).toMatchObject({ kind: 'attach', baseUrl: first.baseUrl, token: first.token });
  });

  it('attaches to a running `memtray serve` and uses it', async () => {
    const dir = dataDir();
    await serveChild(dir);
    const h = await connect(dir);
    expect(h.mode).toBe('attached');
    expect(h.service).toBeNull();
    const status = await h.client.status();
    expect(status.dataDir).toBe(dir);
    expect(h.reason).toMatch(/attached to the MemTray service of pid \d+/);
  });

  it('starts its own when server.json is stale or names a process that does not answer', async () => {
    const dir = dataDir();
    const paths = dataDirPaths(dir);
    mkdirSync(dir, { recursive: true });
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(paths.serverJson, JSON.stringify({ port: 1, pid: dead.pid, version: 'x', startedAt: '' }));
    expect(await decideAttach(dir)).toMatchObject({ kind: 'start', reason: expect.stringMatching(/stale/) });
    // A live pid (this one, seen from "another" process) on a port nobody answers.
    writeFileSync(
      paths.serverJson,
      JSON.stringify({ port: 9, pid: process.pid, version: 'x', startedAt: '' }),
    );
    writeFileSync(paths.token, `${'a'.repeat(64)}\n`);
    const d = await decideAttach(dir, { selfPid: -1, probeTimeoutMs: 500 });
    expect(d).toMatchObject({ kind: 'start', reason: expect.stringMatching(/does not answer on port 9/) });
    const h = await connect(dir);
    expect(h.mode).toBe('in-process');
    expect(JSON.parse(readFileSync(paths.serverJson, 'utf8')).pid).toBe(process.pid);
  });
});

describe('IPC over the real service', () => {
  it('answers verbs, rejects bad arguments (400) and foreign senders (403) without side effects', async () => {
    const h = await connect(dataDir());
    const shell = new RecordingShell();
    const c = new ShellController({ handle: h, shell, expectHooks: () => false });
    const health = await c.invoke('health', [], ourWindow, policy);
    expect(health).toMatchObject({ ok: true, value: { ok: true } });

    const bad = await c.invoke('updateSettings', [{ paused: 'yes' }], ourWindow, policy);
    expect(bad).toMatchObject({ ok: false, error: { status: 400 } });
    const foreign = await c.invoke(
      'updateSettings',
      [{ paused: true }],
      { ...ourWindow, frameUrl: 'https://evil.example/' },
      policy,
    );
    expect(foreign).toMatchObject({ ok: false, error: { status: 403 } });
    const other = await c.invoke(
      'updateSettings',
      [{ paused: true }],
      { ...ourWindow, webContentsId: 2 },
      policy,
    );
    expect(other).toMatchObject({ ok: false, error: { status: 403 } });
    expect((await h.client.getSettings()).paused).toBe(false);

    const missing = await c.invoke('getSession', [999_999], ourWindow, policy);
    expect(missing).toMatchObject({ ok: false, error: { status: 404 } });
    await c.stop();
  });

  it('search works end to end on real captured events, and live events reach the renderer', async () => {
    const h = await connect(dataDir());
    const shell = new RecordingShell();
    const c = new ShellController({ handle: h, shell, expectHooks: () => false });
    await c.start();
    await waitFor(() => c.live === 'live', 'the live stream');
    const all = loadFixtureEvents();
    const sid = all.find((e) => e.eventName === 'UserPromptSubmit')!.payload.session_id;
    const events = all
      .filter((e) => e.payload.session_id === sid)
      .sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0))
      .slice(0, 80);
    for (const e of events) {
      const r = await h.client.call('POST', `/api/hooks/${e.eventName}`, e.payload);
      expect(r).toBeDefined();
    }
    const prompt = events.find((e) => e.eventName === 'UserPromptSubmit')!.payload.prompt as string;
    const word = prompt.split(/[^A-Za-z]+/).find((w) => w.length >= 6)!;
    const r = await c.invoke('search', [{ q: word, limit: 10 }], ourWindow, policy);
    expect(r.ok).toBe(true);
    const items = (r as { value: { items: Array<{ snippet: string }> } }).value.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((i) => i.snippet.toLowerCase().includes(`<mark>${word.toLowerCase()}`))).toBe(true);
    await waitFor(
      () => shell.pushed.some((m) => m.type === 'live' && m.event.name === 'event'),
      'a live event pushed to the renderer',
    );
    expect(shell.pushed.some((m) => m.type === 'status' && m.status === 'live')).toBe(true);
    await c.stop();
  });
});

describe('tray controller', () => {
  it('pauses for an hour / until resumed from the menu, and the tray follows', async () => {
    const h = await connect(dataDir());
    const shell = new RecordingShell();
    let now = Date.now();
    const c = new ShellController({ handle: h, shell, clock: () => now, expectHooks: () => false });
    await c.start();
    expect(shell.lastTray?.state).toBe('capturing');
    expect(shell.lastMenu.map((m) => m.label)).toContain('Pause capture');

    await c.onMenu('pause-1h');
    const s = await h.client.getSettings();
    expect(s.pausedUntil).toBe(now + HOUR_MS);
    expect(shell.lastTray?.state).toBe('paused');
    expect(shell.lastMenu.find((m) => m.action === 'resume')).toBeDefined();
    // The service itself treats capture as paused.
    expect((await h.client.status()).paused).toBe(true);

    await c.onMenu('resume');
    expect(shell.lastTray?.state).toBe('capturing');
    await c.onMenu('pause-until-resumed');
    expect(await h.client.getSettings()).toMatchObject({ paused: true, pausedUntil: null });
    expect(shell.lastTray?.tooltip).toBe('MemTray — paused');

    now += 2 * HOUR_MS;
    await c.onMenu('resume');
    await c.onMenu('toggle-login');
    expect(shell.loginItem.get()).toBe(true);
    expect(shell.lastMenu.find((m) => m.action === 'toggle-login')?.checked).toBe(true);
    await c.onMenu('search');
    await c.onMenu('projects');
    await c.onMenu('open');
    expect(shell.popups).toEqual(['search', 'projects', undefined]);
    await c.onMenu('quit');
    expect(shell.quits).toBe(1);
    await c.stop();
  });

  it('shows missing hooks as an error and notifies once they keep failing', async () => {
    const h = await connect(dataDir());
    const shell = new RecordingShell();
    const c = new ShellController({
      handle: h,
      shell,
      expectHooks: () => true,
      failures: new FailureWatch({ threshold: 2, minIntervalMs: HOUR_MS }),
    });
    expect((await h.client.getHooks()).installed).toBe(false); // a fresh HOME (see the top of this file)
    await c.start();
    expect(shell.lastTray?.state).toBe('error');
    expect(shell.notices).toHaveLength(0);
    await c.refresh();
    await c.refresh();
    expect(shell.notices).toHaveLength(1);
    expect(shell.notices[0]!.title).toBe('MemTray is not capturing');
    await c.stop();
  });

  it('when the attached `memtray serve` stops, reports it and starts the service in-process', async () => {
    const dir = dataDir();
    const child = await serveChild(dir);
    const h = await connect(dir);
    expect(h.mode).toBe('attached');
    const shell = new RecordingShell();
    let next: ServiceHandle | null = null;
    const c = new ShellController({
      handle: h,
      shell,
      expectHooks: () => false,
      liveRetryMs: 200,
      failures: new FailureWatch({ threshold: 1 }),
      reconnect: async () => (next = await connect(dir)),
    });
    await c.start();
    await waitFor(() => c.live === 'live', 'the live stream');
    await stopChild(child);
    await waitFor(
      () => next !== null && c.service.mode === 'in-process',
      'the shell to start its own service',
    );
    expect(shell.notices.some((n) => n.kind === 'service')).toBe(true);
    await waitFor(() => shell.lastTray?.state === 'capturing', 'the tray to recover');
    expect((await c.service.client.status()).dataDir).toBe(dir);
    await waitFor(() => c.live === 'live', 'the live stream on the new service');
    await c.stop();
  });
});

describe('safeStorage secret store', () => {
  it('keeps the key encrypted (0600), never in clear, and never hands it to the renderer', async () => {
    const dir = dataDir();
    const files = encryptedStoreFiles(dir);
    const h = await connect(dir, { secretStore: encryptedSecretStores(dir, aesCipher()) });
    const key = 'sk-ant-api03-' + 'x1y2z3'.repeat(8);
    const c = new ShellController({ handle: h, shell: new RecordingShell(), expectHooks: () => false });
    const r = await c.invoke('updateSettings', [{ apiKey: key }], ourWindow, policy);
    expect(r).toMatchObject({ ok: true, value: { apiKeySet: true, apiKeySource: 'settings' } });
    expect(JSON.stringify(r)).not.toContain(key);
    const got = await c.invoke('getSettings', [], ourWindow, policy);
    expect(JSON.stringify(got)).not.toContain(key);
    const bytes = readFileSync(files.encrypted);
    expect(bytes.includes(Buffer.from(key))).toBe(false);
    expect(bytes.includes(Buffer.from('sk-ant'))).toBe(false);
    expect(statSync(files.encrypted).mode & 0o777).toBe(0o600);
    expect(existsSync(files.legacyClear)).toBe(false);
    expect(h.service!.core.settings.apiKey()).toBe(key); // the core (compression) can use it
    await c.invoke('updateSettings', [{ apiKey: null }], ourWindow, policy);
    expect(existsSync(files.encrypted)).toBe(false);
    await c.stop();
  });

  it('refuses to save when encryption is unavailable or returns clear text; reads the legacy file', () => {
    const dir = dataDir();
    const files = encryptedStoreFiles(dir);
    const off = encryptedSecretStore(files, aesCipher(false));
    expect(() => off.set('sk-secret')).toThrow(/secure storage is not available/);
    expect(existsSync(files.encrypted)).toBe(false);
    const identity = encryptedSecretStore(files, {
      available: () => true,
      encrypt: (s) => Buffer.from(`v10${s}`),
      decrypt: (b) => b.toString().slice(3),
    });
    expect(() => identity.set('sk-secret')).toThrow(/unencrypted/);
    expect(existsSync(files.encrypted)).toBe(false);

    writeFileSync(files.legacyClear, 'sk-from-serve\n', { mode: 0o600 });
    const s = encryptedSecretStore(files, aesCipher());
    expect(s.get()).toBe('sk-from-serve');
    s.set('sk-new');
    expect(existsSync(files.legacyClear)).toBe(false);
    expect(s.get()).toBe('sk-new');
    // A key encrypted by another keychain cannot be read: reported, treated as unset.
    const errors: string[] = [];
    const other = encryptedSecretStore(files, aesCipher(), (m) => errors.push(m));
    expect(other.get()).toBeNull();
    expect(errors[0]).toMatch(/cannot decrypt/);
  });
});
