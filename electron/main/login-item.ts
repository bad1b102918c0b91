/**
 * "Start at login" on Linux, where Electron's `app.setLoginItemSettings` does nothing: an XDG
 * autostart entry (`~/.config/autostart/memtray.desktop`). macOS and Windows use Electron's API.
 * Electron-free.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function autostartFile(home: string, env: NodeJS.ProcessEnv = process.env): string {
  const config =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.trim() !== '' ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(config, 'autostart', 'memtray.desktop');
}

/** Desktop Entry `Exec` quoting: the whole path in double quotes, with `"`, `` ` ``, `$`, `\` escaped. */
function desktopExec(args: string[]): string {
  return args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `"${a.replace(/(["`$\\])/g, '\\$1')}"`)).join(' ');
}

export function autostartEntry(exec: string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=MemTray',
    'Comment=Long-term memory for Claude Code',
    `Exec=${desktopExec(exec)}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export const linuxLoginItem = {
  get(file: string): boolean {
    return existsSync(file);
  },
  set(file: string, open: boolean, exec: string[]): void {
    if (!open) {
      rmSync(file, { force: true });
      return;
    }
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, autostartEntry(exec), { mode: 0o644 });
  },
};
