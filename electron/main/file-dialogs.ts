/**
 * The app's file dialogs for Settings › Export (`MemTrayApi.files`), without Electron: check the
 * sender, validate the arguments, ask the port (Electron's save and open dialogs, index.ts) and
 * write the export where the user chose. Tested under Node through the port.
 */
import { writeFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { OPEN_ARCHIVE_CHANNEL, SAVE_TEXT_CHANNEL, type IpcResult } from '../shared/ipc.js';
import { senderProblem, type SenderInfo, type SenderPolicy } from './ipc-dispatch.js';

export interface FileDialogPort {
  /** A save dialog offering `fileName`; the chosen path, or null when cancelled. */
  saveAs(fileName: string): Promise<string | null>;
  /** An open dialog for an archive; the chosen path, or null when cancelled. */
  openArchive(): Promise<string | null>;
}

/** The export's text crosses IPC whole; V8's longest string bounds it anyway. */
const MAX_EXPORT_CHARS = 512 * 1024 * 1024;
const saveArgs = z.tuple([
  z.string().regex(/^memtray-[\w.-]{1,100}$/, 'a memtray-<date>.<ext> file name'),
  z.string().max(MAX_EXPORT_CHARS),
]);
const openArgs = z.tuple([]);

const fail = (status: number, message: string): IpcResult<null> => ({
  ok: false,
  error: { status, message },
});
const chosen = (p: string | null): string | null => (p && isAbsolute(p) ? p : null);

/** One call on a file-dialog channel: the chosen (and, for a save, written) path, or null when cancelled. */
export async function fileDialogCall(
  port: FileDialogPort,
  channel: string,
  rawArgs: unknown,
  sender: SenderInfo,
  policy: SenderPolicy,
): Promise<IpcResult<string | null>> {
  const bad = senderProblem(sender, policy);
  if (bad) return fail(403, `forbidden sender: ${bad}`);
  try {
    if (channel === OPEN_ARCHIVE_CHANNEL) {
      if (!openArgs.safeParse(rawArgs).success) return fail(400, 'openArchive takes no arguments');
      return { ok: true, value: chosen(await port.openArchive()) };
    }
    if (channel !== SAVE_TEXT_CHANNEL) return fail(404, `no file dialog on ${channel.slice(0, 100)}`);
    const args = saveArgs.safeParse(rawArgs);
    if (!args.success) return fail(400, `invalid arguments: ${args.error.issues[0]?.message ?? 'saveText'}`);
    const [fileName, text] = args.data;
    const path = chosen(await port.saveAs(fileName));
    if (!path) return { ok: true, value: null };
    // The dialog asked before replacing a file; the export is private, like the data dir.
    await writeFile(path, text, { mode: 0o600 });
    return { ok: true, value: path };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return fail(500, `cannot save: ${code ?? (err as Error).message}`);
  }
}
