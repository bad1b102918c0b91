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
import { fileLogger, type Logger } from '../core/util/logger.js';
import {
  IPC_VERBS,
  LIVE_STATUS_CHANNEL,
  OPEN_ARCHIVE_CHANNEL,
  PUSH_CHANNEL,
  SAVE_TEXT_CHANNEL,
  ipcChannel,
  type PushMessage,
  type ShellView,
} from '../shared/ipc.js';
import { connectService, type ServiceHandle } from './connect.js';
import { ShellController, type ShellPort } from './controller.js';
import { electronFileDialogs } from './export-dialogs.js';
import { fileDialogCall } from './file-dialogs.js';
import { askClaudeCode, askFirstRun } from './first-run-dialog.js';
import { claudeCodeOffer, readFirstRun, recordFirstRun, runFirstRun } from './first-run.js';
import { senderProblem, type SenderInfo, type SenderPolicy } from './ipc-dispatch.js';
import { autostartFile, linuxLoginItem } from './login-item.js';
import { shellPaths, type ShellPaths } from './paths.js';
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
  const paths = resolveShellPaths();
  const dataDir = resolveDataDir();
  const logger = fileLogger(dataDirPaths(dataDir).log);
  handleAppScheme(paths.rendererRoot);
  lockDownSession(devUrl);

  const serviceOptions = serviceOptionsFor(paths, dataDir, logger);
  const handle = await connectService(serviceOptions);
  logger.info('shell: service ready', { mode: handle.mode, url: handle.baseUrl, reason: handle.reason });

  const popup = new PopupHost(paths.preload);
  const port = shellPort(popup);
  const controller = createController({ handle, serviceOptions, port, dataDir, logger });
  popup.tray = createTray(
    () => popup.toggle(),
    (a) => void controller.onMenu(a).catch((err: Error) => logger.warn(err.message)),
  );
  registerIpc(controller, () => popup.current);
  await controller.start();
  popup.ensure(); // load the renderer now, so the first click shows it at once

  handleAppEvents(controller, port);
  if (!readFirstRun(dataDir)) await firstRun(dataDir, controller, port);
}

function resolveShellPaths(): ShellPaths {
  return shellPaths({
    packaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath(),
    mainDir: dirname(fileURLToPath(import.meta.url)),
    electronVersion: process.versions.electron ?? '',
    platform: process.platform,
    arch: process.arch,
  });
}

/** The service's options: started in-process with these, or again after an attached one stops. */
function serviceOptionsFor(paths: ShellPaths, dataDir: string, logger: Logger): ServiceOptions {
  return {
    dataDir,
    migrationsDir: paths.migrationsDir,
    logger,
    uiDir: paths.uiDir,
    secretStore: encryptedSecretStores(dataDir, safeStorageCipher(), (m) => logger.warn(m)),
    ...(paths.nativeBinding ? { nativeBinding: paths.nativeBinding } : {}),
    ...featureCoreOptions(),
    plugins: featurePlugins(paths.hookRoot, paths.nativeBinding),
  };
}

/** The popup window (created on first use, again after it is destroyed) and the tray it anchors to. */
class PopupHost {
  tray: TrayHandle | null = null;
  private popup: BrowserWindow | null = null;
  private quitting = false;

  constructor(private readonly preload: string) {
    app.on('before-quit', () => (this.quitting = true));
  }

  /** The popup while it exists. */
  get current(): BrowserWindow | null {
    return this.popup;
  }

  ensure(): BrowserWindow {
    if (this.popup && !this.popup.isDestroyed()) return this.popup;
    this.popup = createPopup({
      preload: this.preload,
      devUrl,
      devTools: !app.isPackaged,
      isQuitting: () => this.quitting,
    });
    return this.popup;
  }

  show(view?: ShellView): void {
    showPopup(this.ensure(), this.tray?.tray.getBounds() ?? null, view);
  }

  /** A tray click: the popup's behaviour decides where it has one, else show or hide. */
  toggle(): void {
    const win = this.ensure();
    const show = (): void => showPopup(win, this.tray?.tray.getBounds() ?? null);
    const behaviour = popupBehaviour(win);
    if (behaviour) behaviour.onTrayClick(show);
    else if (win.isVisible()) win.hide();
    else show();
  }
}

/** What the controller may do to the shell, in Electron's calls. */
function shellPort(popup: PopupHost): ShellPort {
  return {
    setTray: (view) => popup.tray?.setView(view),
    setMenu: (items) => popup.tray?.setMenu(items),
    notify: (n) => {
      if (Notification.isSupported()) new Notification({ title: n.title, body: n.body, silent: true }).show();
    },
    push: (msg: PushMessage) => {
      const win = popup.current;
      if (win && !win.isDestroyed()) win.webContents.send(PUSH_CHANNEL, msg);
    },
    showPopup: (view) => popup.show(view),
    loginItem: loginItem(),
    quit: () => app.quit(),
  };
}

/** Open at login: an autostart file on Linux, the OS's login items elsewhere. */
function loginItem(): ShellPort['loginItem'] {
  if (process.platform !== 'linux')
    return {
      supported: true,
      get: () => app.getLoginItemSettings().openAtLogin,
      set: (open) => app.setLoginItemSettings({ openAtLogin: open }),
    };
  const file = autostartFile(homedir());
  const exec = [process.env.APPIMAGE ?? process.execPath, ...(app.isPackaged ? [] : [app.getAppPath()])];
  return {
    supported: true,
    get: () => linuxLoginItem.get(file),
    set: (open) => linuxLoginItem.set(file, open, exec),
  };
}

interface ControllerWiring {
  handle: ServiceHandle;
  serviceOptions: ServiceOptions;
  port: ShellPort;
  dataDir: string;
  logger: Logger;
}

/** The controller, with the global Search shortcut re-bound whenever the settings change. */
function createController(w: ControllerWiring): ShellController {
  const shortcut = new SearchShortcut(
    {
      register: (acc, fn) => globalShortcut.register(acc, fn),
      unregister: (acc) => globalShortcut.unregister(acc),
    },
    () => w.port.showPopup('search'),
    SHORTCUT_OVERRIDE,
  );
  const controller: ShellController = new ShellController({
    handle: w.handle,
    reconnect: () => connectService(w.serviceOptions),
    shell: w.port,
    searchShortcut: null,
    onSettings: (s) => {
      const before = shortcut.current;
      const now = shortcut.apply(s.ui?.shortcut);
      if (now.problem && now.problem !== before.problem)
        w.logger.warn('shell: global shortcut not available', { problem: now.problem });
      controller.setSearchShortcut(now.active);
    },
    expectHooks: () => readFirstRun(w.dataDir)?.choice.installHooks ?? false,
    log: (m) => w.logger.info(m),
  });
  return controller;
}

/** A second launch shows the popup; closing every window keeps the tray; quitting stops the controller first. */
function handleAppEvents(controller: ShellController, port: ShellPort): void {
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
}

/** The first-run dialogs, their choice recorded, then carried out (hooks, history import). */
async function firstRun(dataDir: string, controller: ShellController, port: ShellPort): Promise<void> {
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
