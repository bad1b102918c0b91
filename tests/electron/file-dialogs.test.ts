/**
 * The app's save and open dialogs of Settings › Export, through the shell's port under Node: the
 * sender is checked, the arguments validated, the export written where the save dialog chose, and
 * the archive the open dialog chose imported by a real service.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileDialogCall, type FileDialogPort } from '../../electron/main/file-dialogs.js';
import { importProgress, type ImportProgress } from '../../electron/shared/contract/sync.js';
import { OPEN_ARCHIVE_CHANNEL, SAVE_TEXT_CHANNEL } from '../../electron/shared/ipc.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { seedSession, waitFor } from '../sync/helpers.js';

const policy = { allowedIds: new Set([1]), devUrl: null };
const sender = { webContentsId: 1, frameUrl: 'app://memtray/index.html', isMainFrame: true };

/** A port answering what the user would choose, recording what each dialog was asked. */
function port(choice: { save?: string | null; open?: string | null }) {
  const asked: string[] = [];
  const p: FileDialogPort = {
    saveAs: async (name) => {
      asked.push(`save ${name}`);
      return choice.save ?? null;
    },
    openArchive: async () => {
      asked.push('open');
      return choice.open ?? null;
    },
  };
  return { p, asked };
}

const services: TestService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.dispose();
});

describe('the app file dialogs', () => {
  it('saves the export where the save dialog chose, and nothing when it was cancelled', async () => {
    const target = join(tempDir(), 'mine.jsonl');
    const yes = port({ save: target });
    const r = await fileDialogCall(
      yes.p,
      SAVE_TEXT_CHANNEL,
      ['memtray-2026-11-27.jsonl', 'x\n'],
      sender,
      policy,
    );
    expect(r).toEqual({ ok: true, value: target });
    expect(yes.asked).toEqual(['save memtray-2026-11-27.jsonl']);
    expect(readFileSync(target, 'utf8')).toBe('x\n');
    expect(statSync(target).mode & 0o777).toBe(0o600);

    const no = port({ save: null });
    expect(await fileDialogCall(no.p, SAVE_TEXT_CHANNEL, ['memtray-a.md', 'y'], sender, policy)).toEqual({
      ok: true,
      value: null,
    });
    // A relative answer is no choice.
    const rel = port({ save: 'relative.jsonl' });
    expect(await fileDialogCall(rel.p, SAVE_TEXT_CHANNEL, ['memtray-a.md', 'y'], sender, policy)).toEqual({
      ok: true,
      value: null,
    });
  });

  it('refuses a foreign sender and bad arguments before any dialog opens', async () => {
    const { p, asked } = port({ save: join(tempDir(), 'z'), open: '/tmp/a.jsonl' });
    const foreign = { ...sender, frameUrl: 'https://evil.example/' };
    const r1 = await fileDialogCall(p, SAVE_TEXT_CHANNEL, ['memtray-a.jsonl', 'x'], foreign, policy);
    expect(r1).toMatchObject({ ok: false, error: { status: 403 } });
    const r2 = await fileDialogCall(p, OPEN_ARCHIVE_CHANNEL, [], { ...sender, webContentsId: 2 }, policy);
    expect(r2).toMatchObject({ ok: false, error: { status: 403 } });
    for (const args of [
      ['../etc/passwd', 'x'],
      ['memtray-a.jsonl'],
      ['memtray-a.jsonl', 5],
      'memtray-a.jsonl',
    ]) {
      const r = await fileDialogCall(p, SAVE_TEXT_CHANNEL, args, sender, policy);
      expect(r, JSON.stringify(args)).toMatchObject({ ok: false, error: { status: 400 } });
    }
    expect(await fileDialogCall(p, OPEN_ARCHIVE_CHANNEL, ['x'], sender, policy)).toMatchObject({
      ok: false,
      error: { status: 400 },
    });
    expect(asked).toEqual([]);
  });

  it('an export saved through the save dialog is imported through the open dialog', async () => {
    const a = await startTestService();
    const b = await startTestService();
    services.push(a, b);
    await seedSession(a, 'sa1', '/w/alpha', 3);
    const d = (await a.api('POST', '/api/data/export/download', {})).json as {
      fileName: string;
      text: string;
    };
    const target = join(tempDir(), d.fileName);
    const saved = await fileDialogCall(
      port({ save: target }).p,
      SAVE_TEXT_CHANNEL,
      [d.fileName, d.text],
      sender,
      policy,
    );
    expect(saved).toEqual({ ok: true, value: target });

    const opened = await fileDialogCall(port({ open: target }).p, OPEN_ARCHIVE_CHANNEL, [], sender, policy);
    expect(opened).toEqual({ ok: true, value: target });
    const started = await b.api('POST', '/api/data/import', { path: opened.ok ? opened.value : '' });
    expect(started.status, started.text).toBe(202);
    const { id } = started.json as { id: number };
    let p: ImportProgress | null = null;
    await waitFor('the import', async () => {
      p = importProgress.parse((await b.api('GET', `/api/data/imports/${id}`)).json);
      return p.status !== 'running';
    });
    expect(p!.status).toBe('done');
    expect(p!.report.added.sessions).toBe(1);
  });
});
