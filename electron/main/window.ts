/**
 * The popup window (Electron): frameless, hidden shortly after blur (popup-behaviour.ts: the tray
 * click race), on every workspace, its background following the OS theme, anchored near the tray,
 * locked down —
 * contextIsolation, sandbox, no nodeIntegration, our CSP on every response, window.open and
 * navigation denied, every permission request refused.
 */
import { BrowserWindow, nativeTheme, screen, session, shell, type Rectangle } from 'electron';
import { APP_INDEX_URL, devCsp, isTrustedRendererUrl } from './app-protocol.js';
import { isEditorUrl, PopupBehaviour, popupBackground } from './popup-behaviour.js';
import { popupPosition } from './popup-position.js';
import { PUSH_CHANNEL, type PushMessage, type ShellView } from '../shared/ipc.js';

const POPUP_SIZE = { width: 420, height: 620 };

interface PopupOptions {
  preload: string;
  /** electron-vite dev server (development), else null: the renderer comes from app://memtray. */
  devUrl: string | null;
  devTools: boolean;
  /** True once the app is quitting (then a close really closes). */
  isQuitting: () => boolean;
}

const behaviours = new WeakMap<BrowserWindow, PopupBehaviour>();

/** The popup's blur/click/close rules (created with the window). */
export function popupBehaviour(win: BrowserWindow): PopupBehaviour | undefined {
  return behaviours.get(win);
}

export function lockDownSession(devUrl: string | null): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, cb) => cb(false));
  ses.setPermissionCheckHandler(() => false);
  if (devUrl) {
    // The dev server's responses get the (looser, Vite-compatible) dev policy; app:// responses
    // carry the strict one from the protocol handler.
    const csp = devCsp(devUrl);
    ses.webRequest.onHeadersReceived({ urls: [`${new URL(devUrl).origin}/*`] }, (details, cb) => {
      cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
    });
  }
}

export function createPopup(opts: PopupOptions): BrowserWindow {
  const win = new BrowserWindow({
    ...POPUP_SIZE,
    show: false,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
    title: 'MemTray',
    backgroundColor: popupBackground(nativeTheme.shouldUseDarkColors),
    webPreferences: {
      preload: opts.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: opts.devTools,
    },
  });
  const wc = win.webContents;
  // File links open in the user's editor (vscode://, cursor://); nothing else opens.
  wc.setWindowOpenHandler(({ url }) => {
    if (isEditorUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  wc.on('will-navigate', (e, url) => {
    if (!isTrustedRendererUrl(url, opts.devUrl)) e.preventDefault();
  });
  wc.on('will-redirect', (e, url) => {
    if (!isTrustedRendererUrl(url, opts.devUrl)) e.preventDefault();
  });
  wc.on('will-attach-webview', (e) => e.preventDefault());
  const behaviour = new PopupBehaviour({
    isVisible: () => win.isVisible(),
    hide: () => win.hide(),
    isDevToolsOpened: () => wc.isDevToolsOpened(),
  });
  behaviours.set(win, behaviour);
  win.on('blur', () => behaviour.onBlur());
  win.on('focus', () => behaviour.onFocus());
  // Esc in the page (nothing left to go back from) calls window.close(): hide instead.
  win.on('close', (e) => {
    if (behaviour.onClose(opts.isQuitting())) e.preventDefault();
  });
  win.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
  const onTheme = (): void => {
    if (!win.isDestroyed()) win.setBackgroundColor(popupBackground(nativeTheme.shouldUseDarkColors));
  };
  nativeTheme.on('updated', onTheme);
  win.on('closed', () => nativeTheme.off('updated', onTheme));
  void win.loadURL(opts.devUrl ?? APP_INDEX_URL);
  return win;
}

/** Shows the popup next to the tray (or toggles it off), optionally on one view. */
export function showPopup(win: BrowserWindow, trayBounds: Rectangle | null, view?: ShellView): void {
  const cursor = screen.getCursorScreenPoint();
  const anchor = trayBounds && trayBounds.width > 0 ? { x: trayBounds.x, y: trayBounds.y } : cursor;
  const display = screen.getDisplayNearestPoint(anchor);
  const pos = popupPosition(trayBounds, POPUP_SIZE, display.workArea, cursor);
  win.setPosition(pos.x, pos.y, false);
  win.show();
  win.focus();
  if (!view) return;
  const msg: PushMessage = { type: 'navigate', view };
  if (win.webContents.isLoading())
    win.webContents.once('did-finish-load', () => win.webContents.send(PUSH_CHANNEL, msg));
  else win.webContents.send(PUSH_CHANNEL, msg);
}
