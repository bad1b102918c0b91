/** The tray icon and its menu (Electron): draws the state icon, maps the menu model to a `Menu`. */
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { templateIconPng, trayIconPng } from './icons.js';
import { useTemplateIcon } from './popup-behaviour.js';
import type { MenuAction, MenuItemModel } from './menu-model.js';
import type { TrayState, TrayView } from './tray-state.js';

function icon(state: TrayState): NativeImage {
  const template = useTemplateIcon(process.platform, state);
  const png = template ? templateIconPng : trayIconPng;
  const img = nativeImage.createEmpty();
  img.addRepresentation({ scaleFactor: 1, width: 16, height: 16, buffer: png(state, 16) });
  img.addRepresentation({ scaleFactor: 2, width: 32, height: 32, buffer: png(state, 32) });
  img.setTemplateImage(template);
  return img;
}

function toTemplate(items: MenuItemModel[], run: (a: MenuAction) => void): MenuItemConstructorOptions[] {
  return items.map((m) => {
    if (m.type === 'separator') return { type: 'separator' };
    const o: MenuItemConstructorOptions = { label: m.label ?? '', enabled: m.enabled ?? true };
    if (m.type === 'checkbox') {
      o.type = 'checkbox';
      o.checked = m.checked ?? false;
    }
    if (m.accelerator) {
      o.accelerator = m.accelerator;
      o.registerAccelerator = false; // registered globally already; shown as a hint only
    }
    if (m.submenu) o.submenu = toTemplate(m.submenu, run);
    const action = m.action;
    if (action) o.click = () => run(action);
    return o;
  });
}

export interface TrayHandle {
  tray: Tray;
  setView(view: TrayView): void;
  setMenu(items: MenuItemModel[]): void;
}

/**
 * Left click toggles the popup; the menu opens on right click (macOS, Windows) or on click where
 * the desktop only offers a menu (Linux AppIndicator).
 */
export function createTray(onToggle: () => void, run: (a: MenuAction) => void): TrayHandle {
  const tray = new Tray(icon('busy'));
  tray.setToolTip('MemTray — starting…');
  let menu: Menu = Menu.buildFromTemplate([]);
  const mac = process.platform === 'darwin';
  tray.on('click', onToggle);
  if (mac) tray.on('right-click', () => tray.popUpContextMenu(menu));
  let current: TrayState = 'busy';
  return {
    tray,
    setView(view) {
      if (view.state !== current) tray.setImage(icon(view.state));
      current = view.state;
      tray.setToolTip(view.tooltip);
    },
    setMenu(items) {
      menu = Menu.buildFromTemplate(toTemplate(items, run));
      if (!mac) tray.setContextMenu(menu);
    },
  };
}
