/**
 * How the popup reacts to blur, tray clicks, Esc and the OS theme. Electron-free (window.ts binds it
 * to a `BrowserWindow`), so the rules are tested under Node.
 *
 * The click race: clicking the tray icon while the popup is open first blurs the popup, then
 * delivers the click. Hiding at once on blur made the click see a hidden popup and open it again
 * (Windows, Linux). As the `menubar` library does, blur hides after a short delay, and a tray click
 * arriving meanwhile cancels it and closes the popup itself.
 */

/** What the rules need from the window. */
interface PopupWindow {
  isVisible(): boolean;
  hide(): void;
  isDevToolsOpened(): boolean;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** Long enough for the tray's click to arrive after the blur it caused, short enough to feel instant. */
export const BLUR_HIDE_DELAY_MS = 150;

export class PopupBehaviour {
  private blurTimer: unknown = null;
  /** Native dialogs open over the popup: it keeps showing while they have the focus. */
  private holds = 0;

  constructor(
    private readonly win: PopupWindow,
    private readonly timers: Timers = realTimers,
    private readonly delayMs = BLUR_HIDE_DELAY_MS,
  ) {}

  /** The popup lost focus: hide it soon (not while its devtools are open). */
  onBlur(): void {
    if (this.win.isDevToolsOpened() || this.holds > 0) return;
    this.cancelBlur();
    this.blurTimer = this.timers.set(() => {
      this.blurTimer = null;
      this.win.hide();
    }, this.delayMs);
  }

  /** Keeps the popup showing while a dialog it opened has the focus; call the answer to let go. */
  hold(): () => void {
    this.holds++;
    this.cancelBlur();
    let held = true;
    return () => {
      if (held) this.holds--;
      held = false;
    };
  }

  /** Focus came back (e.g. the shortcut reopened it): keep it. */
  onFocus(): void {
    this.cancelBlur();
  }

  /**
   * A left click on the tray icon: closes the popup when it is open or was open a moment ago (the
   * blur this very click caused), otherwise calls `show`.
   */
  onTrayClick(show: () => void): void {
    const closing = this.blurTimer !== null;
    this.cancelBlur();
    if (closing || this.win.isVisible()) this.win.hide();
    else show();
  }

  /**
   * `window.close()` from the page (Esc with nothing left to go back from) or the OS close: hide
   * instead, unless the app is quitting. Returns whether the close must be prevented.
   */
  onClose(quitting: boolean): boolean {
    if (quitting) return false;
    this.cancelBlur();
    this.win.hide();
    return true;
  }

  private cancelBlur(): void {
    if (this.blurTimer === null) return;
    this.timers.clear(this.blurTimer);
    this.blurTimer = null;
  }
}

/** The window's background before the page paints, matching the renderer's `--bg` per theme. */
export function popupBackground(dark: boolean): string {
  return dark ? '#15171c' : '#f6f7f9';
}

/**
 * Template images (macOS menu bar: black with alpha, tinted by the OS for light/dark bars) for the
 * calm states; error and warning keep their colour so they stand out.
 */
export function useTemplateIcon(platform: NodeJS.Platform, state: string): boolean {
  return platform === 'darwin' && state !== 'error' && state !== 'warning';
}

/**
 * File links the renderer may hand to the OS (`shell.openExternal`): `vscode://file/…` and
 * `cursor://file/…` only. Everything else a page tries to open stays denied.
 */
export function isEditorUrl(url: string): boolean {
  return /^(vscode|cursor):\/\/file\/[^\0\s]{1,4096}$/.test(url);
}
