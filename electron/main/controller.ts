/**
 * The shell's brain, without Electron: follows the service (status, live stream), drives the tray
 * (icon state, tooltip, menu), raises rate-limited failure notifications, answers the renderer's
 * IPC calls and pushes live events to it, runs the tray menu's actions, and re-attaches (or
 * starts the service in-process) when an attached `memtray serve` goes away. The Electron side
 * implements `ShellPort` in a few thin calls. Tested under Node against the real service.
 */
import type { LiveEvent, LiveStatus, PublicSettings } from '../shared/api.js';
import type { IpcResult, IpcVerb, PushMessage, ShellView } from '../shared/ipc.js';
import type { ServiceHandle } from './connect.js';
import { importProgress, progressText, type ImportProgress } from './first-run.js';
import { dispatchIpc, type SenderInfo, type SenderPolicy } from './ipc-dispatch.js';
import { openLiveStream, type LiveStream } from './live-stream.js';
import { trayMenu, type MenuAction, type MenuItemModel } from './menu-model.js';
import { FailureWatch, type Notice } from './notify.js';
import { msUntilPauseEnds, pausePatch } from './pause.js';
import { ServiceError } from './service-client.js';
import { hooksProblem, keyProblem, trayState, type TrayView } from './tray-state.js';

export interface ShellPort {
  setTray(view: TrayView): void;
  setMenu(items: MenuItemModel[]): void;
  notify(n: Notice): void;
  /** To every renderer window (no-op when none is open). */
  push(msg: PushMessage): void;
  showPopup(view?: ShellView): void;
  loginItem: { supported: boolean; get(): boolean; set(open: boolean): void };
  quit(): void;
}

interface ControllerOptions {
  handle: ServiceHandle;
  /** Finds or starts the service again (after an attached service stopped). */
  reconnect?: () => Promise<ServiceHandle>;
  shell: ShellPort;
  clock?: () => number;
  /** Status poll interval (ms); live events refresh sooner. Default 30 s. */
  refreshMs?: number;
  searchShortcut?: string | null;
  /** Called with the settings at every refresh (the shell re-binds its global shortcut). */
  onSettings?: (s: PublicSettings) => void;
  /** Whether missing hooks count as a failure (the user chose to install them). */
  expectHooks?: () => boolean;
  failures?: FailureWatch;
  liveRetryMs?: number;
  log?: (msg: string) => void;
}

export class ShellController {
  private handle: ServiceHandle;
  private stream: LiveStream | null = null;
  private liveStatus: LiveStatus = 'connecting';
  private pollTimer: NodeJS.Timeout | null = null;
  private pauseTimer: NodeJS.Timeout | null = null;
  private soonTimer: NodeJS.Timeout | null = null;
  private importing: ImportProgress | null = null;
  private refreshing: Promise<TrayView> | null = null;
  private reconnecting: Promise<void> | null = null;
  private stopped = false;
  private readonly failures: FailureWatch;
  private readonly clock: () => number;
  private lastView: TrayView = { state: 'busy', tooltip: 'MemTray — starting…' };
  private lastSettings: { paused: boolean; pausedUntil: number | null } = {
    paused: false,
    pausedUntil: null,
  };

  constructor(private readonly opts: ControllerOptions) {
    this.handle = opts.handle;
    this.failures = opts.failures ?? new FailureWatch();
    this.clock = opts.clock ?? Date.now;
    this.shortcut = opts.searchShortcut ?? null;
  }

  get service(): ServiceHandle {
    return this.handle;
  }

  get live(): LiveStatus {
    return this.liveStatus;
  }

  get view(): TrayView {
    return this.lastView;
  }

  async start(): Promise<void> {
    this.openStream();
    await this.refresh();
    this.pollTimer = setInterval(() => void this.refresh(), this.opts.refreshMs ?? 30_000);
    this.pollTimer.unref?.();
  }

  private openStream(): void {
    this.stream?.close();
    this.stream = openLiveStream({
      baseUrl: this.handle.baseUrl,
      token: this.handle.token,
      ...(this.opts.liveRetryMs !== undefined ? { retryMs: this.opts.liveRetryMs } : {}),
      onEvent: (ev) => this.onLive(ev),
      onStatus: (s) => {
        this.liveStatus = s;
        this.opts.shell.push({ type: 'status', status: s });
        if (s === 'down') void this.refresh();
      },
    });
  }

  private onLive(ev: LiveEvent): void {
    this.opts.shell.push({ type: 'live', event: ev });
    if (ev.name === 'import') this.onImport(ev);
    if (ev.name === 'queue' || ev.name === 'settings' || ev.name === 'project' || ev.name === 'import')
      this.refreshSoon();
  }

  private onImport(ev: LiveEvent): void {
    const p = this.importing ? importProgress(this.importing.runId, ev) : null;
    const mine = p ?? (ev.name === 'import' ? importProgress(ev.data.runId, ev) : null);
    if (!mine) return;
    if (mine.status === 'running') {
      this.importing = mine;
      return;
    }
    this.importing = null;
    if (mine.status === 'failed') {
      const n = this.failures.failure('import', progressText(mine), this.clock());
      if (n) this.opts.shell.notify(n);
    } else if (mine.status === 'done') {
      this.opts.shell.notify({ kind: 'import', title: 'MemTray', body: progressText(mine) });
    }
  }

  /** Follow an import started by the shell (first run), so the tray shows its progress. */
  trackImport(runId: number): void {
    this.importing = { runId, status: 'running', filesDone: 0, filesTotal: 0 };
    this.refreshSoon();
  }

  private refreshSoon(): void {
    if (this.soonTimer) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = null;
      void this.refresh();
    }, 250);
    this.soonTimer.unref?.();
  }

  /** Reads status, settings and hooks; updates the tray and menu; returns the tray view. */
  refresh(): Promise<TrayView> {
    this.refreshing ??= this.doRefresh().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async doRefresh(): Promise<TrayView> {
    const api = this.handle.client;
    const now = this.clock();
    let serviceError: string | null = null;
    let queue = null;
    let hooks: string | null = null;
    let key: string | null = null;
    try {
      const [status, settings] = await Promise.all([api.status(), api.getSettings()]);
      queue = status.queue;
      this.lastSettings = { paused: settings.paused, pausedUntil: settings.pausedUntil };
      this.opts.onSettings?.(settings);
      this.failures.success('service');
    } catch (err) {
      serviceError = (err as Error).message;
    }
    if (serviceError === null) {
      try {
        hooks = hooksProblem(await api.getHooks());
      } catch (err) {
        // A service without the capture routes is not a capture failure.
        if (!(err instanceof ServiceError && err.status === 404)) hooks = (err as Error).message;
      }
      if (hooks !== null && !(this.opts.expectHooks?.() ?? true)) hooks = null;
      // An older service without the route: nothing known about the key.
      key = keyProblem(await api.getKeyStatus().catch(() => null));
    }
    if (this.stopped) return this.lastView;
    const view = trayState({
      serviceError,
      paused: this.lastSettings.paused,
      pausedUntil: this.lastSettings.pausedUntil,
      queue,
      hooksProblem: hooks,
      importing: this.importing && this.importing.filesTotal > 0 ? this.importing : null,
      keyProblem: key,
      now,
    });
    this.lastView = view;
    this.opts.shell.setTray(view);
    this.opts.shell.setMenu(this.menu(now));
    this.schedulePauseEnd(now);
    if (serviceError !== null) {
      const n = this.failures.failure('service', serviceError, now);
      if (n) this.opts.shell.notify(n);
      if (this.handle.mode === 'attached') void this.reattach();
    } else if (hooks !== null) {
      const n = this.failures.failure('hooks', `${hooks}. Open MemTray → Health to install them.`, now);
      if (n) this.opts.shell.notify(n);
    } else {
      this.failures.success('hooks');
    }
    return view;
  }

  private menu(now: number): MenuItemModel[] {
    return trayMenu({
      statusLine: this.lastView.tooltip,
      paused: this.lastSettings.paused,
      pausedUntil: this.lastSettings.pausedUntil,
      now,
      openAtLogin: this.opts.shell.loginItem.supported && this.opts.shell.loginItem.get(),
      loginItemSupported: this.opts.shell.loginItem.supported,
      searchShortcut: this.shortcut,
    });
  }

  private shortcut: string | null = null;

  /** The global shortcut now bound (shown in the menu), or null. */
  setSearchShortcut(acc: string | null): void {
    if (acc === this.shortcut) return;
    this.shortcut = acc;
    this.opts.shell.setMenu(this.menu(this.clock()));
  }

  private schedulePauseEnd(now: number): void {
    if (this.pauseTimer) clearTimeout(this.pauseTimer);
    this.pauseTimer = null;
    const ms = msUntilPauseEnds(this.lastSettings, now);
    if (ms === null) return;
    this.pauseTimer = setTimeout(() => void this.refresh(), Math.min(ms + 250, 2 ** 31 - 1));
    this.pauseTimer.unref?.();
  }

  /** The attached service stopped answering: find it again or start our own. */
  private reattach(): Promise<void> {
    const again = this.opts.reconnect;
    if (!again || this.stopped) return Promise.resolve();
    this.reconnecting ??= (async () => {
      try {
        const next = await again();
        if (this.stopped) {
          await next.stop();
          return;
        }
        this.opts.log?.(`service: ${next.reason}`);
        this.handle = next;
        this.openStream();
      } catch (err) {
        this.opts.log?.(`service: reconnect failed: ${(err as Error).message}`);
      }
    })().finally(() => {
      this.reconnecting = null;
      void this.refresh();
    });
    return this.reconnecting;
  }

  async onMenu(action: MenuAction): Promise<void> {
    const shell = this.opts.shell;
    switch (action) {
      case 'open':
        return shell.showPopup();
      case 'search':
        return shell.showPopup('search');
      case 'projects':
        return shell.showPopup('projects');
      case 'pause-1h':
      case 'pause-until-resumed':
      case 'resume': {
        const choice = action === 'pause-1h' ? '1h' : action === 'resume' ? 'resume' : 'untilResumed';
        await this.handle.client.updateSettings(pausePatch(choice, this.clock()));
        await this.refresh();
        return;
      }
      case 'toggle-login':
        if (shell.loginItem.supported) shell.loginItem.set(!shell.loginItem.get());
        shell.setMenu(this.menu(this.clock()));
        return;
      case 'quit':
        return shell.quit();
    }
  }

  /** One renderer IPC call (sender check, validation, the service). */
  invoke(
    verb: IpcVerb,
    args: unknown,
    sender: SenderInfo,
    policy: SenderPolicy,
  ): Promise<IpcResult<unknown>> {
    return dispatchIpc(this.handle.client, verb, args, sender, policy);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of [this.pollTimer, this.pauseTimer, this.soonTimer]) if (t) clearTimeout(t);
    this.stream?.close();
    await this.reconnecting;
    await this.handle.stop();
  }
}
