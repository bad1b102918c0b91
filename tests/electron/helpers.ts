/** Shared bits for the shell tests: a real cipher, a recording ShellPort, waiting. */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { PushMessage, ShellView } from '../../electron/shared/ipc.js';
import type { ShellPort } from '../../electron/main/controller.js';
import type { MenuItemModel } from '../../electron/main/menu-model.js';
import type { Notice } from '../../electron/main/notify.js';
import type { Cipher } from '../../electron/main/secret-store.js';
import type { TrayView } from '../../electron/main/tray-state.js';

/** AES-256-GCM with a random key: a real cipher standing in for safeStorage. */
export function aesCipher(available = true): Cipher {
  const key = randomBytes(32);
  return {
    available: () => available,
    encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decrypt(data) {
      const d = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      d.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([d.update(data.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

export class RecordingShell implements ShellPort {
  trays: TrayView[] = [];
  menus: MenuItemModel[][] = [];
  notices: Notice[] = [];
  pushed: PushMessage[] = [];
  popups: Array<ShellView | undefined> = [];
  quits = 0;
  private login = false;
  loginItem = {
    supported: true,
    get: (): boolean => this.login,
    set: (open: boolean): void => void (this.login = open),
  };
  setTray(view: TrayView): void {
    this.trays.push(view);
  }
  setMenu(items: MenuItemModel[]): void {
    this.menus.push(items);
  }
  notify(n: Notice): void {
    this.notices.push(n);
  }
  push(msg: PushMessage): void {
    this.pushed.push(msg);
  }
  showPopup(view?: ShellView): void {
    this.popups.push(view);
  }
  quit(): void {
    this.quits++;
  }
  get lastTray(): TrayView | undefined {
    return this.trays[this.trays.length - 1];
  }
  get lastMenu(): MenuItemModel[] {
    return this.menus[this.menus.length - 1] ?? [];
  }
}

export async function waitFor<T>(
  fn: () => T | undefined | null | false,
  what: string,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
