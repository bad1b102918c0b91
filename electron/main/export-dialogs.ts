/** Electron's save and open dialogs for Settings › Export (the port of file-dialogs.ts). */
import { app, dialog, type BrowserWindow, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { join } from 'node:path';
import type { FileDialogPort } from './file-dialogs.js';
import { popupBehaviour } from './window.js';

export function electronFileDialogs(popup: () => BrowserWindow | null): FileDialogPort {
  /** Runs a dialog over the popup, which keeps showing while the dialog has the focus. */
  const over = async <T>(fn: (w: BrowserWindow | null) => Promise<T>): Promise<T> => {
    const w = popup();
    const win = w && !w.isDestroyed() ? w : null;
    const release = win ? popupBehaviour(win)?.hold() : undefined;
    try {
      return await fn(win);
    } finally {
      release?.();
    }
  };
  return {
    saveAs: (fileName) =>
      over(async (w) => {
        const o: SaveDialogOptions = {
          title: 'Export MemTray memories',
          defaultPath: join(app.getPath('downloads'), fileName),
        };
        const r = w ? await dialog.showSaveDialog(w, o) : await dialog.showSaveDialog(o);
        return r.canceled || !r.filePath ? null : r.filePath;
      }),
    openArchive: () =>
      over(async (w) => {
        const o: OpenDialogOptions = {
          title: 'Import a MemTray archive',
          properties: ['openFile'],
          filters: [
            { name: 'MemTray archive', extensions: ['jsonl', 'ndjson'] },
            { name: 'All files', extensions: ['*'] },
          ],
        };
        const r = w ? await dialog.showOpenDialog(w, o) : await dialog.showOpenDialog(o);
        return r.canceled ? null : (r.filePaths[0] ?? null);
      }),
  };
}
