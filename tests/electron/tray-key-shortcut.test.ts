/**
 * The tray's key state through the controller against the real service: a key the provider rejects turns the
 * tray to its warning state; the global shortcut follows `ui.shortcut` (re-bound, removed), with the
 * menu's accelerator hint following too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { featureCoreOptions, featurePlugins } from '../../electron/core/features.js';
import { memorySecretStores } from '../../electron/core/settings/secrets.js';
import { connectService, type ServiceHandle } from '../../electron/main/connect.js';
import { ShellController } from '../../electron/main/controller.js';
import { SearchShortcut } from '../../electron/main/shortcut.js';
import { DEFAULT_SHORTCUT } from '../../electron/shared/accelerator.js';
import { MessagesApiServer } from '../helpers/messages-api/server.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { RecordingShell, waitFor } from './helpers.js';

const ourWindow = { webContentsId: 1, frameUrl: 'app://memtray/index.html#provider', isMainFrame: true };
const policy = { allowedIds: new Set([1]), devUrl: null };
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(): Promise<{ h: ServiceHandle; shell: RecordingShell; fake: MessagesApiServer }> {
  const fake = new MessagesApiServer();
  await fake.start();
  cleanups.push(() => fake.stop());
  const h = await connectService({
    dataDir: tempDir('memtray-tray-key-'),
    migrationsDir: MIGRATIONS_DIR,
    port: 0,
    writeServerJson: false,
    env: {},
    secretStore: memorySecretStores({ 'api-key': 'sk-ant-tray-key-0000' }),
    ...featureCoreOptions(),
    plugins: featurePlugins(),
  });
  cleanups.push(() => h.stop());
  await h.client.updateSettings({ provider: { baseUrl: fake.url } });
  return { h, shell: new RecordingShell(), fake };
}

const accelerator = (shell: RecordingShell): string | undefined =>
  shell.lastMenu.find((m) => m.action === 'search')?.accelerator;

describe('tray: API key and shortcut', () => {
  it('a key answered 401 by "Test key" turns the icon to warning; a good answer clears it', async () => {
    const { h, shell, fake } = await setup();
    const c = new ShellController({ handle: h, shell, expectHooks: () => false });
    cleanups.push(() => c.stop());
    await c.start();
    expect(shell.lastTray?.state).toBe('capturing');

    fake.next({
      kind: 'status',
      status: 401,
      body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    });
    const r = await c.invoke('testKey', [], ourWindow, policy);
    expect(r).toMatchObject({ ok: true, value: { state: 'invalid' } });
    await waitFor(() => shell.lastTray?.state === 'warning', 'the warning state');
    expect(shell.lastTray?.tooltip).toContain('API key rejected');

    await c.invoke('testKey', [], ourWindow, policy);
    await waitFor(() => shell.lastTray?.state === 'capturing', 'back to capturing');
  });

  it('binds ui.shortcut, re-binds on change, unbinds when removed; the menu hint follows', async () => {
    const { h, shell } = await setup();
    const bound = new Set<string>();
    const sc = new SearchShortcut(
      { register: (a) => (bound.add(a), true), unregister: (a) => void bound.delete(a) },
      () => shell.showPopup('search'),
    );
    const c: ShellController = new ShellController({
      handle: h,
      shell,
      expectHooks: () => false,
      onSettings: (s) => c.setSearchShortcut(sc.apply(s.ui.shortcut).active),
    });
    cleanups.push(() => c.stop());
    await c.start();
    expect([...bound]).toEqual([DEFAULT_SHORTCUT]);
    expect(accelerator(shell)).toBe(DEFAULT_SHORTCUT);

    await c.invoke('updateSettings', [{ ui: { shortcut: 'Super+Alt+K' } }], ourWindow, policy);
    await waitFor(() => bound.has('Super+Alt+K'), 'the new shortcut bound');
    expect([...bound]).toEqual(['Super+Alt+K']);
    await waitFor(() => accelerator(shell) === 'Super+Alt+K', 'the menu hint');

    await c.invoke('updateSettings', [{ ui: { shortcut: null } }], ourWindow, policy);
    await waitFor(() => bound.size === 0, 'the shortcut removed');
    await waitFor(() => accelerator(shell) === undefined, 'no menu hint');

    const bad = await c.invoke('updateSettings', [{ ui: { shortcut: 'Ctrl+Banana' } }], ourWindow, policy);
    expect(bad).toMatchObject({ ok: false, error: { status: 400 } });
  });
});
