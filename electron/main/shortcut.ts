/**
 * The global shortcut that opens Search: from settings (`ui.shortcut`, null for none), overridden by
 * `MEMTRAY_SHORTCUT`, re-bound whenever it changes. Electron-free: `ShortcutPort` is
 * `globalShortcut` in the app, a fake in tests.
 */
import { acceleratorProblem, DEFAULT_SHORTCUT } from '../shared/accelerator.js';

export interface ShortcutPort {
  /** False when the OS (or another app) refuses it. */
  register(accelerator: string, onPress: () => void): boolean;
  unregister(accelerator: string): void;
}

interface ShortcutState {
  /** The shortcut bound now, or null. */
  active: string | null;
  /** Why the wanted one is not bound, or null. */
  problem: string | null;
}

export class SearchShortcut {
  private state: ShortcutState = { active: null, problem: null };
  private wanted: string | null | undefined = undefined;

  constructor(
    private readonly port: ShortcutPort,
    private readonly onPress: () => void,
    private readonly override: string | null = null,
  ) {}

  get current(): ShortcutState {
    return this.state;
  }

  /** Binds what the settings ask for (`undefined`: an older service without the key → the default). */
  apply(setting: string | null | undefined): ShortcutState {
    const want = this.override || (setting === undefined ? DEFAULT_SHORTCUT : setting);
    if (want === this.wanted) return this.state;
    this.wanted = want;
    if (this.state.active) this.port.unregister(this.state.active);
    if (want === null) return (this.state = { active: null, problem: null });
    const bad = acceleratorProblem(want);
    if (bad) return (this.state = { active: null, problem: bad });
    let ok = false;
    try {
      ok = this.port.register(want, this.onPress);
    } catch {
      ok = false;
    }
    this.state = ok
      ? { active: want, problem: null }
      : { active: null, problem: `${want} is taken by another application or the system` };
    return this.state;
  }

  dispose(): void {
    if (this.state.active) this.port.unregister(this.state.active);
    this.state = { active: null, problem: null };
    this.wanted = undefined;
  }
}
