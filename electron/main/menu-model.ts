/**
 * The tray menu as data (Open, Search…, Pause capture, Projects…, Start at login, Quit); the
 * Electron file turns it into a `Menu`. Electron-free.
 */
import { formatClock } from './tray-state.js';

export type MenuAction =
  'open' | 'search' | 'pause-1h' | 'pause-until-resumed' | 'resume' | 'projects' | 'toggle-login' | 'quit';

export interface MenuItemModel {
  label?: string;
  action?: MenuAction;
  type?: 'normal' | 'separator' | 'checkbox' | 'submenu';
  checked?: boolean;
  enabled?: boolean;
  accelerator?: string;
  submenu?: MenuItemModel[];
}

interface MenuInput {
  statusLine: string;
  paused: boolean;
  pausedUntil: number | null;
  now: number;
  openAtLogin: boolean;
  loginItemSupported: boolean;
  /** Global shortcut that opens Search (shown next to the item), if registered. */
  searchShortcut: string | null;
}

export function trayMenu(i: MenuInput): MenuItemModel[] {
  const timed = !i.paused && i.pausedUntil !== null && i.pausedUntil > i.now;
  const pauseItem: MenuItemModel =
    i.paused || timed
      ? {
          label: timed ? `Resume capture (paused until ${formatClock(i.pausedUntil!)})` : 'Resume capture',
          action: 'resume',
        }
      : {
          label: 'Pause capture',
          type: 'submenu',
          submenu: [
            { label: 'For 1 hour', action: 'pause-1h' },
            { label: 'Until resumed', action: 'pause-until-resumed' },
          ],
        };
  return [
    { label: i.statusLine, enabled: false },
    { type: 'separator' },
    { label: 'Open', action: 'open' },
    { label: 'Search…', action: 'search', ...(i.searchShortcut ? { accelerator: i.searchShortcut } : {}) },
    pauseItem,
    { label: 'Projects…', action: 'projects' },
    { type: 'separator' },
    {
      label: 'Start at login',
      action: 'toggle-login',
      type: 'checkbox',
      checked: i.openAtLogin,
      enabled: i.loginItemSupported,
    },
    { type: 'separator' },
    { label: 'Quit', action: 'quit' },
  ];
}
