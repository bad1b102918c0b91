/**
 * The shell's fixes through their Electron-free ports: the popup/tray click race (a short blur
 * delay cancelled by the tray click), Esc/close hides, the global shortcut (free default,
 * configurable, removable), the template icon, the background per theme, the API-key warning.
 */
import { describe, expect, it } from 'vitest';
import { acceleratorProblem, DEFAULT_SHORTCUT } from '../../electron/shared/accelerator.js';
import { iconPixels, templateIconPixels, templateIconPng } from '../../electron/main/icons.js';
import {
  BLUR_HIDE_DELAY_MS,
  isEditorUrl,
  PopupBehaviour,
  popupBackground,
  useTemplateIcon,
  type Timers,
} from '../../electron/main/popup-behaviour.js';
import { SearchShortcut, type ShortcutPort } from '../../electron/main/shortcut.js';
import { keyProblem, trayState, type TrayInput } from '../../electron/main/tray-state.js';
import { settingsPatchSchema, settingsSchema } from '../../electron/shared/contract/settings.js';

/** Timers run by hand: the test decides what "later" means. */
function manualTimers(): Timers & { fire(): void; pending(): number; delays: number[] } {
  const q = new Map<number, () => void>();
  const delays: number[] = [];
  let n = 0;
  return {
    delays,
    set(fn, ms) {
      delays.push(ms);
      q.set(++n, fn);
      return n;
    },
    clear(h) {
      q.delete(h as number);
    },
    fire() {
      const fns = [...q.values()];
      q.clear();
      for (const f of fns) f();
    },
    pending: () => q.size,
  };
}

function fakeWindow() {
  const w = { visible: true, devtools: false, hides: 0, shows: 0 };
  return {
    w,
    port: {
      isVisible: () => w.visible,
      hide: () => {
        w.visible = false;
        w.hides++;
      },
      isDevToolsOpened: () => w.devtools,
    },
    show: () => {
      w.visible = true;
      w.shows++;
    },
  };
}

describe('popup: the tray click race', () => {
  it('a tray click that blurred the open popup closes it, and does not reopen it', () => {
    const t = manualTimers();
    const { w, port, show } = fakeWindow();
    const b = new PopupBehaviour(port, t);
    // The OS order on Windows/Linux: blur first, then the click on the tray icon.
    b.onBlur();
    expect(w.visible).toBe(true);
    expect(t.delays).toEqual([BLUR_HIDE_DELAY_MS]);
    b.onTrayClick(show);
    expect(w.visible).toBe(false);
    expect(w.shows).toBe(0);
    expect(t.pending()).toBe(0);
    // The next click opens it again.
    b.onTrayClick(show);
    expect(w.visible).toBe(true);
  });

  it('a blur elsewhere hides it after the delay; focus back cancels; devtools keep it', () => {
    const t = manualTimers();
    const { w, port, show } = fakeWindow();
    const b = new PopupBehaviour(port, t);
    b.onBlur();
    t.fire();
    expect(w.visible).toBe(false);
    b.onTrayClick(show);
    b.onBlur();
    b.onFocus();
    t.fire();
    expect(w.visible).toBe(true);
    w.devtools = true;
    b.onBlur();
    expect(t.pending()).toBe(0);
  });

  it('a dialog it opened holds it open; released, a blur hides it again', () => {
    const t = manualTimers();
    const { w, port } = fakeWindow();
    const b = new PopupBehaviour(port, t);
    const release = b.hold();
    b.onBlur();
    expect(t.pending()).toBe(0);
    t.fire();
    expect(w.visible).toBe(true);
    release();
    release(); // a second release changes nothing
    b.onBlur();
    t.fire();
    expect(w.visible).toBe(false);
  });

  it('close (Esc in the page) hides instead, unless quitting', () => {
    const { w, port } = fakeWindow();
    const b = new PopupBehaviour(port, manualTimers());
    expect(b.onClose(false)).toBe(true);
    expect(w.visible).toBe(false);
    expect(b.onClose(true)).toBe(false);
  });

  it('background follows the theme (the renderer --bg), template icons on macOS for calm states', () => {
    expect(popupBackground(true)).toBe('#15171c');
    expect(popupBackground(false)).toBe('#f6f7f9');
    expect(useTemplateIcon('darwin', 'capturing')).toBe(true);
    expect(useTemplateIcon('darwin', 'paused')).toBe(true);
    expect(useTemplateIcon('darwin', 'error')).toBe(false);
    expect(useTemplateIcon('darwin', 'warning')).toBe(false);
    expect(useTemplateIcon('linux', 'capturing')).toBe(false);
    expect(useTemplateIcon('win32', 'capturing')).toBe(false);
  });

  it('the template icon is black with alpha, and paused differs from capturing by shape', () => {
    const cap = templateIconPixels('capturing', 32);
    for (let i = 0; i < cap.length; i += 4) expect([cap[i], cap[i + 1], cap[i + 2]]).toEqual([0, 0, 0]);
    const center = (22 * 32 + 22) * 4 + 3;
    expect(cap[center]).toBe(255);
    expect(templateIconPixels('paused', 32)[center]).toBe(0);
    expect(templateIconPng('capturing', 16).subarray(1, 4).toString()).toBe('PNG');
    // The coloured icon has a warning state of its own.
    const dot = (s: 'warning' | 'busy') => [...iconPixels(s, 32).subarray(center - 3, center + 1)];
    expect(dot('warning')).not.toEqual(dot('busy'));
  });
});

describe('global shortcut', () => {
  function port(taken: string[] = []) {
    const bound = new Set<string>();
    const p: ShortcutPort & { bound: Set<string> } = {
      bound,
      register: (acc) => {
        if (taken.includes(acc)) return false;
        bound.add(acc);
        return true;
      },
      unregister: (acc) => void bound.delete(acc),
    };
    return p;
  }

  it('defaults to a free combination, not VS Code / DevTools Ctrl+Shift+M', () => {
    expect(DEFAULT_SHORTCUT).not.toBe('CommandOrControl+Shift+M');
    expect(acceleratorProblem(DEFAULT_SHORTCUT)).toBeNull();
    expect(settingsSchema.parse({}).ui.shortcut).toBe(DEFAULT_SHORTCUT);
    const p = port();
    const s = new SearchShortcut(p, () => {});
    expect(s.apply(undefined)).toEqual({ active: DEFAULT_SHORTCUT, problem: null });
    expect([...p.bound]).toEqual([DEFAULT_SHORTCUT]);
  });

  it('re-binds when the setting changes, unbinds when removed, reports a taken one', () => {
    const p = port(['Alt+Shift+K']);
    const s = new SearchShortcut(p, () => {});
    s.apply('CommandOrControl+Alt+Space');
    expect([...p.bound]).toEqual(['CommandOrControl+Alt+Space']);
    expect(s.apply(null)).toEqual({ active: null, problem: null });
    expect(p.bound.size).toBe(0);
    const taken = s.apply('Alt+Shift+K');
    expect(taken.active).toBeNull();
    expect(taken.problem).toContain('taken');
    expect(s.apply('M').problem).toContain('modifier');
    expect(p.bound.size).toBe(0);
  });

  it('MEMTRAY_SHORTCUT overrides the setting', () => {
    const p = port();
    const s = new SearchShortcut(p, () => {}, 'Super+Alt+M');
    expect(s.apply(null).active).toBe('Super+Alt+M');
  });

  it('the settings schema refuses a malformed shortcut and accepts null', () => {
    expect(settingsPatchSchema.safeParse({ ui: { shortcut: 'Ctrl+Banana' } }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ ui: { shortcut: 'M' } }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ ui: { shortcut: null } }).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ ui: { shortcut: 'CommandOrControl+Alt+F5' } }).success).toBe(true);
  });
});

describe('tray: a rejected API key', () => {
  const base: TrayInput = {
    serviceError: null,
    paused: false,
    pausedUntil: null,
    queue: { pending: 0, leased: 0, failed: 0 },
    hooksProblem: null,
    importing: null,
    now: 0,
  };
  it('turns the icon to its warning state, with why in the tooltip', () => {
    const k = keyProblem({ state: 'invalid' });
    const v = trayState({ ...base, keyProblem: k });
    expect(v.state).toBe('warning');
    expect(v.tooltip).toContain('API key rejected');
    expect(keyProblem({ state: 'valid' })).toBeNull();
    expect(keyProblem({ state: 'unknown' })).toBeNull();
    expect(trayState({ ...base, keyProblem: null }).state).toBe('capturing');
  });
});

describe('file links to the editor', () => {
  it('only vscode:// and cursor:// file URLs reach the OS', () => {
    expect(isEditorUrl('vscode://file/home/me/app/src/a.ts')).toBe(true);
    expect(isEditorUrl('cursor://file/C:/work/a.ts')).toBe(true);
    expect(isEditorUrl('https://example.com')).toBe(false);
    expect(isEditorUrl('vscode://extension/install?x')).toBe(false);
    expect(isEditorUrl('file:///etc/passwd')).toBe(false);
    expect(isEditorUrl('vscode://file/a b')).toBe(false);
  });
});
