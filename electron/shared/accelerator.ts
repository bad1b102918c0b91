/**
 * Global shortcut (Electron accelerator) syntax, checked the same way in the settings schema, the
 * Electron shell and the UI's editor. Plain TypeScript, no imports: both tsconfigs bundle it.
 */

/**
 * The default that opens Search: three modifiers and M. `CommandOrControl+Shift+M` is taken by
 * VS Code (Problems panel) and Chrome DevTools (device toolbar); Ctrl/Cmd+Alt+Shift+M is bound by
 * neither, nor by the desktops' defaults (GNOME, KDE, Windows, macOS).
 */
export const DEFAULT_SHORTCUT = 'CommandOrControl+Alt+Shift+M';

const MODIFIERS = new Set([
  'Command',
  'Cmd',
  'Control',
  'Ctrl',
  'CommandOrControl',
  'CmdOrCtrl',
  'Alt',
  'Option',
  'AltGr',
  'Shift',
  'Super',
  'Meta',
]);

const NAMED_KEYS = new Set([
  'Plus',
  'Space',
  'Tab',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Esc',
]);

function isKey(k: string): boolean {
  if (/^[A-Z0-9]$/i.test(k)) return true;
  if (/^F([1-9]|1\d|2[0-4])$/.test(k)) return true;
  if (/^[)!@#$%^&*(:;'"=<,_\-.>/?~`[\]{}\\|]$/.test(k)) return true;
  return NAMED_KEYS.has(k);
}

/** Why `acc` is not a usable global shortcut, or null when it is (at least one modifier, one key). */
export function acceleratorProblem(acc: string): string | null {
  if (acc.length === 0 || acc.length > 100) return 'A shortcut is 1 to 100 characters.';
  const parts = acc.split('+');
  const key = parts.pop() ?? '';
  if (parts.length === 0) return 'Use at least one modifier (CommandOrControl, Alt, Shift, Super).';
  const bad = parts.find((m) => !MODIFIERS.has(m));
  if (bad !== undefined) return `"${bad}" is not a modifier (CommandOrControl, Alt, Shift, Super).`;
  if (new Set(parts).size !== parts.length) return 'A modifier is repeated.';
  if (!isKey(key)) return `"${key}" is not a key (A–Z, 0–9, F1–F24, Space, arrows, punctuation).`;
  return null;
}
