/** The shell's Electron-free logic: tray state, pause, notifications, popup placement, menu, URLs, icons, IPC args. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatIpcError, IPC_VERBS, ipcVerbs, parseIpcError } from '../../electron/shared/ipc.js';
import { isTrustedRendererUrl, resolveAppUrl, RENDERER_CSP } from '../../electron/main/app-protocol.js';
import { iconPixels, trayIconPng } from '../../electron/main/icons.js';
import { senderProblem } from '../../electron/main/ipc-dispatch.js';
import { ipcArgSchemas, validateIpcArgs } from '../../electron/main/ipc-schemas.js';
import { autostartEntry, linuxLoginItem } from '../../electron/main/login-item.js';
import { trayMenu, type MenuItemModel } from '../../electron/main/menu-model.js';
import { FailureWatch } from '../../electron/main/notify.js';
import { HOUR_MS, isPaused, msUntilPauseEnds, pausePatch } from '../../electron/main/pause.js';
import { popupPosition } from '../../electron/main/popup-position.js';
import { BUSY_PENDING, hooksProblem, trayState, type TrayInput } from '../../electron/main/tray-state.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const base: TrayInput = {
  serviceError: null,
  paused: false,
  pausedUntil: null,
  queue: { pending: 0, leased: 0, failed: 0 },
  hooksProblem: null,
  importing: null,
  now: NOW,
};

describe('tray state', () => {
  it('is capturing when all is well, and says what is queued', () => {
    expect(trayState(base).state).toBe('capturing');
    const v = trayState({ ...base, queue: { pending: 3, leased: 1, failed: 2 } });
    expect(v.state).toBe('capturing');
    expect(v.tooltip).toContain('4 queued');
    expect(v.tooltip).toContain('2 failed');
  });
  it('is busy when the queue backs up (count or age) or history is importing', () => {
    expect(trayState({ ...base, queue: { pending: BUSY_PENDING, leased: 0, failed: 0 } }).state).toBe('busy');
    expect(trayState({ ...base, queue: { pending: BUSY_PENDING - 1, leased: 0, failed: 0 } }).state).toBe(
      'capturing',
    );
    expect(
      trayState({ ...base, queue: { pending: 1, leased: 0, failed: 0, oldestPendingAgeMs: 6 * 60_000 } })
        .state,
    ).toBe('busy');
    const imp = trayState({ ...base, importing: { filesDone: 2, filesTotal: 9 } });
    expect(imp.state).toBe('busy');
    expect(imp.tooltip).toContain('importing 2/9');
  });
  it('is paused (indefinitely or until a time) and error wins over everything', () => {
    expect(trayState({ ...base, paused: true }).state).toBe('paused');
    const timed = trayState({ ...base, pausedUntil: NOW + HOUR_MS });
    expect(timed.state).toBe('paused');
    expect(timed.tooltip).toMatch(/paused until \d\d:\d\d/);
    expect(trayState({ ...base, pausedUntil: NOW - 1 }).state).toBe('capturing');
    expect(trayState({ ...base, paused: true, hooksProblem: 'hooks gone' }).state).toBe('error');
    const down = trayState({ ...base, paused: true, serviceError: 'ECONNREFUSED' });
    expect(down.state).toBe('error');
    expect(down.tooltip).toContain('ECONNREFUSED');
  });
  it('turns the hooks state into one problem line', () => {
    expect(hooksProblem(null)).toBeNull();
    expect(hooksProblem({ installed: false, problems: [] })).toMatch(/not installed/);
    expect(hooksProblem({ installed: true, problems: ['hook program not found: /x'] })).toBe(
      'hook program not found: /x',
    );
    expect(hooksProblem({ installed: true, problems: [] })).toBeNull();
  });
});

describe('pause', () => {
  it('computes the settings patch for each choice', () => {
    expect(pausePatch('1h', NOW)).toEqual({ paused: false, pausedUntil: NOW + HOUR_MS });
    expect(pausePatch('untilResumed', NOW)).toEqual({ paused: true, pausedUntil: null });
    expect(pausePatch('resume', NOW)).toEqual({ paused: false, pausedUntil: null });
  });
  it('knows when a timed pause ends', () => {
    const s = { paused: false, pausedUntil: NOW + 5000 };
    expect(isPaused(s, NOW)).toBe(true);
    expect(msUntilPauseEnds(s, NOW)).toBe(5000);
    expect(isPaused(s, NOW + 5000)).toBe(false);
    expect(msUntilPauseEnds(s, NOW + 5000)).toBeNull();
    expect(msUntilPauseEnds({ paused: true, pausedUntil: null }, NOW)).toBeNull();
  });
});

describe('failure notifications', () => {
  it('notify only once a failure repeats, then at most once per interval', () => {
    const w = new FailureWatch({ threshold: 3, windowMs: 60_000, minIntervalMs: 600_000 });
    expect(w.failure('service', 'down', NOW)).toBeNull();
    expect(w.failure('service', 'down', NOW + 1000)).toBeNull();
    const n = w.failure('service', 'down', NOW + 2000);
    expect(n?.title).toMatch(/cannot reach/);
    expect(n?.body).toBe('down');
    for (let i = 3; i < 20; i++) expect(w.failure('service', 'down', NOW + i * 1000)).toBeNull();
    // After the interval, a new streak notifies again.
    const later = NOW + 700_000;
    expect(w.failure('service', 'down', later)).toBeNull();
    expect(w.failure('service', 'down', later + 1)).toBeNull();
    expect(w.failure('service', 'down', later + 2)).not.toBeNull();
  });
  it('a success or a quiet window clears the streak; kinds are independent', () => {
    const w = new FailureWatch({ threshold: 2, windowMs: 10_000, minIntervalMs: 0 });
    w.failure('hooks', 'x', NOW);
    w.success('hooks');
    expect(w.failure('hooks', 'x', NOW + 1)).toBeNull();
    expect(w.failure('hooks', 'x', NOW + 20_000)).toBeNull(); // the first fell out of the window
    expect(w.failure('service', 'x', NOW + 20_001)).toBeNull();
    expect(w.failure('hooks', 'x', NOW + 20_002)?.kind).toBe('hooks');
    expect(w.failure('import', 'failed', NOW)?.kind).toBe('import'); // one failed import is enough
  });
});

describe('popup position', () => {
  const work = { x: 0, y: 25, width: 1440, height: 875 };
  const win = { width: 420, height: 620 };
  it('goes below a top menu bar, centred on the icon and inside the screen', () => {
    const p = popupPosition({ x: 1300, y: 0, width: 24, height: 24 }, win, work);
    expect(p.y).toBe(30);
    expect(p.x).toBe(1440 - 420); // clamped to the right edge
  });
  it('goes above a bottom taskbar, and beside a vertical one', () => {
    const bottom = { x: 0, y: 0, width: 1920, height: 1040 };
    const p = popupPosition({ x: 1700, y: 1045, width: 24, height: 24 }, win, bottom);
    expect(p.y).toBe(1045 - 620 - 6);
    expect(p.x).toBe(1920 - 420); // 1712 - 210 would overflow the right edge
    const left = { x: 60, y: 0, width: 1860, height: 1080 };
    const q = popupPosition({ x: 10, y: 900, width: 40, height: 40 }, win, left);
    expect(q.x).toBe(60);
    expect(q.y).toBe(1080 - 620);
  });
  it('falls back to the cursor, then the top-right corner, when the tray has no bounds', () => {
    const c = popupPosition({ x: 0, y: 0, width: 0, height: 0 }, win, work, { x: 700, y: 26 });
    expect(c).toEqual({ x: Math.round(700.5 - 210), y: 33 });
    expect(popupPosition(null, win, work)).toEqual({ x: 1440 - 420 - 6, y: 31 });
  });
});

describe('tray menu', () => {
  const labels = (items: MenuItemModel[]): string[] => items.filter((i) => i.label).map((i) => i.label!);
  const input = {
    statusLine: 'MemTray — capturing',
    paused: false,
    pausedUntil: null,
    now: NOW,
    openAtLogin: false,
    loginItemSupported: true,
    searchShortcut: 'CommandOrControl+Shift+M',
  };
  it('has the issue’s items in order, with the pause choices as a submenu', () => {
    const m = trayMenu(input);
    expect(labels(m)).toEqual([
      'MemTray — capturing',
      'Open',
      'Search…',
      'Pause capture',
      'Projects…',
      'Start at login',
      'Quit',
    ]);
    const pause = m.find((i) => i.label === 'Pause capture')!;
    expect(pause.submenu?.map((s) => s.action)).toEqual(['pause-1h', 'pause-until-resumed']);
    expect(m.find((i) => i.action === 'search')?.accelerator).toBe('CommandOrControl+Shift+M');
    expect(m[0]!.enabled).toBe(false);
  });
  it('offers Resume while paused and reflects Start at login', () => {
    const m = trayMenu({ ...input, pausedUntil: NOW + HOUR_MS, openAtLogin: true });
    const resume = m.find((i) => i.action === 'resume')!;
    expect(resume.label).toMatch(/^Resume capture \(paused until \d\d:\d\d\)$/);
    expect(m.find((i) => i.action === 'toggle-login')).toMatchObject({ type: 'checkbox', checked: true });
    expect(trayMenu({ ...input, paused: true }).find((i) => i.action === 'resume')?.label).toBe(
      'Resume capture',
    );
  });
});

describe('app:// URLs and senders', () => {
  const root = '/opt/memtray/out/renderer';
  it('maps app://memtray paths into the renderer and nowhere else', () => {
    expect(resolveAppUrl('app://memtray/', root)).toBe(`${root}/index.html`);
    expect(resolveAppUrl('app://memtray/assets/x.js?v=1#h', root)).toBe(`${root}/assets/x.js`);
    expect(resolveAppUrl('app://memtray/../../etc/passwd', root)).toBe(`${root}/etc/passwd`); // URL parser collapses ..
    expect(resolveAppUrl('app://memtray/%2e%2e/%2e%2e/etc/passwd', root)).toBe(`${root}/etc/passwd`);
    expect(resolveAppUrl('app://memtray/a/%2e%2e%2f%2e%2e%2f..%2fsecret', root)).toBeNull();
    expect(resolveAppUrl('app://memtray/x%00.js', root)).toBeNull();
    expect(resolveAppUrl('app://other/index.html', root)).toBeNull();
    expect(resolveAppUrl('file:///etc/passwd', root)).toBeNull();
  });
  it('trusts only our renderer (and the dev server in development)', () => {
    expect(isTrustedRendererUrl('app://memtray/index.html#search', null)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5173/', null)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/#x', 'http://localhost:5173')).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
    expect(isTrustedRendererUrl('https://evil.example/', 'http://localhost:5173')).toBe(false);
    const policy = { allowedIds: new Set([7]), devUrl: null };
    const ok = { webContentsId: 7, frameUrl: 'app://memtray/index.html', isMainFrame: true };
    expect(senderProblem(ok, policy)).toBeNull();
    expect(senderProblem({ ...ok, webContentsId: 8 }, policy)).toMatch(/not a MemTray window/);
    expect(senderProblem({ ...ok, isMainFrame: false }, policy)).toMatch(/top frame/);
    expect(senderProblem({ ...ok, frameUrl: 'https://evil.example/' }, policy)).toMatch(/renderer/);
    expect(senderProblem({ ...ok, frameUrl: null }, policy)).toMatch(/renderer/);
  });
  it('the CSP allows no network, no inline script, no framing', () => {
    expect(RENDERER_CSP).toContain("default-src 'none'");
    expect(RENDERER_CSP).toContain("script-src 'self'");
    expect(RENDERER_CSP).not.toMatch(/script-src[^;]*unsafe/);
    expect(RENDERER_CSP).toContain("connect-src 'none'");
    expect(RENDERER_CSP).toContain("frame-ancestors 'none'");
  });
});

describe('IPC contract', () => {
  it('has a schema for every verb', () => {
    expect(Object.keys(ipcArgSchemas).sort()).toEqual([...IPC_VERBS].sort());
  });
  it('accepts well-formed calls (optional arguments may be left out)', () => {
    expect(validateIpcArgs('search', [{ q: 'sqlite', limit: 5 }])).toEqual([{ q: 'sqlite', limit: 5 }]);
    expect(validateIpcArgs('listSessions', [])).toEqual([undefined]);
    expect(validateIpcArgs('listSessions', [undefined])).toEqual([undefined]);
    expect(validateIpcArgs('setProjectCapture', ['my-app', false])).toEqual(['my-app', false]);
    expect(validateIpcArgs('updateSettings', [{ pausedUntil: null, apiKey: 'sk-x' }])).toEqual([
      { pausedUntil: null, apiKey: 'sk-x' },
    ]);
    expect(validateIpcArgs('health', [])).toEqual([]);
  });
  it('rejects anything else with a 400 naming the problem', () => {
    const bad: Array<[Parameters<typeof validateIpcArgs>[0], unknown, RegExp]> = [
      ['getSession', ['1'], /getSession at 0/],
      ['getSession', [-3], /getSession/],
      ['getSession', [1, 2], /getSession/],
      ['search', [{ q: 'x', evil: true }], /search/],
      ['search', [{ q: 'x', limit: 1000 }], /search at 0.limit/],
      ['setProjectCapture', ['a\u0000b', true], /setProjectCapture/],
      ['updateSettings', [{ paused: 'yes' }], /updateSettings/],
      ['updateSettings', [{ unknownKey: 1 }], /updateSettings/],
      ['installHooks', [{ mode: 'ftp' }], /installHooks/],
      ['health', 'not-a-list', /expected a list/],
    ];
    for (const [verb, args, re] of bad) {
      let err: (Error & { status?: number }) | null = null;
      try {
        validateIpcArgs(verb, args);
      } catch (e) {
        err = e as Error & { status?: number };
      }
      expect(err?.message, `${verb} ${JSON.stringify(args)}`).toMatch(re);
      expect(err?.status).toBe(400);
    }
    expect(() => validateIpcArgs('nope' as 'health', [])).toThrow(/unknown verb/);
  });
  it('errors keep their HTTP status across the bridge', () => {
    const e = { status: 404, message: 'no route for GET /api/queue' };
    expect(parseIpcError(formatIpcError(e))).toEqual(e);
    expect(parseIpcError(formatIpcError({ status: 0, message: 'offline (HTTP x)' }))).toEqual({
      status: 0,
      message: 'offline (HTTP x)',
    });
  });
  it("the preload's verbs are generated from IPC_VERBS: one channel each, errors keep their status", async () => {
    const calls: unknown[][] = [];
    const verbs = ipcVerbs(async (channel, ...args) => {
      calls.push([channel, ...args]);
      return channel === 'memtray:getSession'
        ? { ok: false, error: { status: 404, message: 'session 7 not found' } }
        : { ok: true, value: { channel } };
    });
    expect(Object.keys(verbs).sort()).toEqual([...IPC_VERBS].sort());
    await expect(verbs.setProjectCapture('app', false)).resolves.toEqual({
      channel: 'memtray:setProjectCapture',
    });
    expect(calls).toEqual([['memtray:setProjectCapture', 'app', false]]);
    const err = await verbs.getSession(7).catch((e: Error) => e);
    expect(parseIpcError((err as Error).message)).toEqual({ status: 404, message: 'session 7 not found' });
  });
});

describe('tray icons', () => {
  it('are valid PNGs whose status dot has the state colour', () => {
    const png = trayIconPng('error', 32);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(32);
    const idat = png.indexOf('IDAT');
    const len = png.readUInt32BE(idat - 4);
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + len));
    expect(raw.length).toBe((32 * 4 + 1) * 32);
    const at = (x: number, y: number): number[] => [
      ...raw.subarray(y * 129 + 1 + x * 4, y * 129 + 1 + x * 4 + 4),
    ];
    expect(at(23, 23)).toEqual([218, 54, 51, 255]); // red dot
    expect(at(0, 0)[3]).toBe(0); // transparent corner
    const dot = (s: Parameters<typeof iconPixels>[0]): string =>
      String(iconPixels(s, 32).subarray((23 * 32 + 23) * 4));
    expect(
      new Set(['capturing', 'paused', 'error', 'busy'].map((s) => dot(s as 'error').slice(0, 12))).size,
    ).toBe(4);
  });
});

describe('start at login on Linux', () => {
  it('writes and removes an XDG autostart entry with a quoted Exec', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memtray-autostart-'));
    try {
      const file = join(dir, 'autostart', 'memtray.desktop');
      expect(linuxLoginItem.get(file)).toBe(false);
      linuxLoginItem.set(file, true, ['/opt/Mem Tray/memtray', '--hidden']);
      expect(linuxLoginItem.get(file)).toBe(true);
      const text = readFileSync(file, 'utf8');
      expect(text).toContain('Exec="/opt/Mem Tray/memtray" --hidden');
      expect(text).toBe(autostartEntry(['/opt/Mem Tray/memtray', '--hidden']));
      linuxLoginItem.set(file, false, []);
      expect(linuxLoginItem.get(file)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
