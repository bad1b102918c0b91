/**
 * The Electron main process: single instance, the service (attached or in-process), the tray and
 * its popup, IPC, notifications, the global Search shortcut (settings `ui.shortcut`), first run. The logic lives in
 * Electron-free modules (controller, connect, tray-state, …); this file wires Electron to them.
 */
import {
  app,
  globalShortcut,
  ipcMain,
  Notification,
  type BrowserWindow,
  type IpcMainInvokeEvent,
} from 'electron';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDirPaths, resolveDataDir } from '../core/config/data-dir.js';
import { featureCoreOptions, featurePlugins } from '../core/features.js';
import type { ServiceOptions } from '../core/service.js';
import { fileLogger } from '../core/util/logger.js';
import {
  IPC_VERBS,
  LIVE_STATUS_CHANNEL,
  OPEN_ARCHIVE_CHANNEL,
  PUSH_CHANNEL,
  SAVE_TEXT_CHANNEL,
  ipcChannel,
  type PushMessage,
} from '../shared/ipc.js';
import { connectService } from './connect.js';
import { ShellController, type ShellPort } from './controller.js';
import { electronFileDialogs } from './export-dialogs.js';
import { fileDialogCall } from './file-dialogs.js';
import { askClaudeCode, askFirstRun } from './first-run-dialog.js';
import { claudeCodeOffer, readFirstRun, recordFirstRun, runFirstRun } from './first-run.js';
import { senderProblem, type SenderInfo, type SenderPolicy } from './ipc-dispatch.js';
import { autostartFile, linuxLoginItem } from './login-item.js';
import { shellPaths } from './paths.js';
import { handleAppScheme, registerAppScheme } from './protocol.js';
import { safeStorageCipher } from './safe-storage.js';
import { encryptedSecretStores } from './secret-store.js';
import { createTray, type TrayHandle } from './tray.js';
import { SearchShortcut } from './shortcut.js';
import { createPopup, lockDownSession, popupBehaviour, showPopup } from './window.js';

/** Overrides the `ui.shortcut` setting when set (e.g. for a machine where the default is taken). */
const SHORTCUT_OVERRIDE = process.env.MEMTRAY_SHORTCUT || null;
const devUrl =
  !app.isPackaged && process.env.ELECTRON_RENDERER_URL ? process.env.ELECTRON_RENDERER_URL : null;

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void app
    .whenReady()
    .then(main)
    .catch((err: unknown) => {
      process.stderr.write(`MemTray failed to start: ${(err as Error).stack ?? String(err)}\n`);
      app.exit(1);
    });
}

async function main(): Promise<void> {
  app.dock?.hide();
  const mainDir = dirname(fileURLToPath(import.meta.url));
  const paths = shellPaths({
    packaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath(),
    mainDir,
    electronVersion: process.versions.electron ?? '',
    platform: process.platform,
    arch: process.arch,
  });
  const dataDir = resolveDataDir();
  const logger = fileLogger(dataDirPaths(dataDir).log);
  handleAppScheme(paths.rendererRoot);
  lockDownSession(devUrl);

  const serviceOptions: ServiceOptions = {
    dataDir,
    migrationsDir: paths.migrationsDir,
    logger,
    uiDir: paths.uiDir,
    secretStore: encryptedSecretStores(dataDir, safeStorageCipher(), (m) => logger.warn(m)),
    ...(paths.nativeBinding ? { nativeBinding: paths.nativeBinding } : {}),
    ...featureCoreOptions(),
    plugins: featurePlugins(paths.hookRoot, paths.nativeBinding),
  };
  const handle = await connectService(serviceOptions);
  logger.info('shell: service ready', { mode: handle.mode, url: handle.baseUrl, reason: handle.reason });

  let popup: BrowserWindow | null = null;
  let tray: TrayHandle | null = null;
  const ensurePopup = (): BrowserWindow => {
    if (popup && !popup.isDestroyed()) return popup;
    popup = createPopup({
      preload: paths.preload,
      devUrl,
      devTools: !app.isPackaged,
      isQuitting: () => quitting,
    });
    return popup;
  };
  let quitting = false;
  app.on('before-quit', () => (quitting = true));
  const toggle = (): void => {
    const w = ensurePopup();
    const show = (): void => showPopup(w, tray?.tray.getBounds() ?? null);
    const b = popupBehaviour(w);
    if (b) b.onTrayClick(show);
    else if (w.isVisible()) w.hide();
    else show();
  };

  const linuxAutostart = autostartFile(homedir());
  const autostartExec = [
    process.env.APPIMAGE ?? process.execPath,
    ...(app.isPackaged ? [] : [app.getAppPath()]),
  ];
  const port: ShellPort = {
    setTray: (view) => tray?.setView(view),
    setMenu: (items) => tray?.setMenu(items),
    notify: (n) => {
      if (Notification.isSupported()) new Notification({ title: n.title, body: n.body, silent: true }).show();
    },
    push: (msg: PushMessage) => {
      if (popup && !popup.isDestroyed()) popup.webContents.send(PUSH_CHANNEL, msg);
    },
    showPopup: (view) => showPopup(ensurePopup(), tray?.tray.getBounds() ?? null, view),
    loginItem:
      process.platform === 'linux'
        ? {
            supported: true,
            get: () => linuxLoginItem.get(linuxAutostart),
            set: (open) => linuxLoginItem.set(linuxAutostart, open, autostartExec),
          }
        : {
            supported: true,
            get: () => app.getLoginItemSettings().openAtLogin,
            set: (open) => app.setLoginItemSettings({ openAtLogin: open }),
          },
    quit: () => app.quit(),
  };

  const shortcut = new SearchShortcut(
    {
      register: (acc, fn) => globalShortcut.register(acc, fn),
      unregister: (acc) => globalShortcut.unregister(acc),
    },
    () => port.showPopup('search'),
    SHORTCUT_OVERRIDE,
  );
  const controller: ShellController = new ShellController({
    handle,
    reconnect: () => connectService(serviceOptions),
    shell: port,
    searchShortcut: null,
    onSettings: (s) => {
      const before = shortcut.current;
      const now = shortcut.apply(s.ui?.shortcut);
      if (now.problem && now.problem !== before.problem)
        logger.warn('shell: global shortcut not available', { problem: now.problem });
      controller.setSearchShortcut(now.active);
    },
    expectHooks: () => readFirstRun(dataDir)?.choice.installHooks ?? false,
    log: (m) => logger.info(m),
  });
  tray = createTray(toggle, (a) => void controller.onMenu(a).catch((err: Error) => logger.warn(err.message)));
  registerIpc(controller, () => popup);
  await controller.start();
  ensurePopup(); // load the renderer now, so the first click shows it at once

  app.on('second-instance', () => port.showPopup());
  app.on('window-all-closed', () => {
    // A tray app keeps running with no window.
  });
  let stopping = false;
  app.on('will-quit', (e) => {
    globalShortcut.unregisterAll();
    if (stopping) return;
    stopping = true;
    e.preventDefault();
    void controller.stop().finally(() => app.quit());
  });

  if (!readFirstRun(dataDir)) {
    const hooks = await controller.service.client.getHooks().catch(() => null);
    const choice = await askFirstRun(hooks?.settingsPath ?? '~/.claude/settings.json');
    const claude = await claudeCodeOffer(controller.service.client);
    if (claude !== null) choice.useClaudeCode = await askClaudeCode(claude);
    recordFirstRun(dataDir, choice, Date.now());
    const r = await runFirstRun(controller.service.client, choice);
    for (const e of r.errors) port.notify({ kind: 'hooks', title: 'MemTray setup', body: e });
    if (r.importRunId !== null) {
      controller.trackImport(r.importRunId);
      port.showPopup('health');
    }
    await controller.refresh();
  }
}

function registerIpc(controller: ShellController, popup: () => BrowserWindow | null): void {
  const policy = (): SenderPolicy => {
    const w = popup();
    return { allowedIds: new Set(w && !w.isDestroyed() ? [w.webContents.id] : []), devUrl };
  };
  const sender = (e: IpcMainInvokeEvent): SenderInfo => ({
    webContentsId: e.sender.id,
    frameUrl: e.senderFrame?.url ?? null,
    isMainFrame: e.senderFrame !== null && e.senderFrame.parent === null,
  });
  for (const verb of IPC_VERBS) {
    ipcMain.handle(ipcChannel(verb), (e, ...args: unknown[]) =>
      controller.invoke(verb, args, sender(e), policy()),
    );
  }
  const files = electronFileDialogs(popup);
  for (const channel of [SAVE_TEXT_CHANNEL, OPEN_ARCHIVE_CHANNEL])
    ipcMain.handle(channel, (e, ...args: unknown[]) =>
      fileDialogCall(files, channel, args, sender(e), policy()),
    );
  ipcMain.handle(LIVE_STATUS_CHANNEL, (e) =>
    senderProblem(sender(e), policy()) === null ? controller.live : null,
  );
}
