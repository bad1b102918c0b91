import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportProgress, SyncStatus } from '@shared/contract/sync';
import { fakeApi } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { DataCard } from './components/HealthData';
import { SyncCard } from './components/HealthSync';

afterEach(cleanup);

const report = (sessions: number) => ({
  added: { sessions, prompts: 0, observations: 3 * sessions, summaries: 0, tombstones: 0 },
  updated: 0,
  skipped: 2,
  deleted: 0,
  invalid: 0,
  refused: 0,
});

describe('DataCard', () => {
  it('in the app, exports through the save dialog and imports through the open dialog', async () => {
    let polls = 0;
    const saved: Array<[string, string]> = [];
    const api = fakeApi({
      getExportLeftOut: async () => ({ sessions: 0, observations: 0, projects: [] }),
      downloadExport: async () => ({
        fileName: 'memtray-2026-11-27.jsonl',
        text: '{"format":"memtray-archive"}\n',
        counts: { sessions: 4, prompts: 4, observations: 12, summaries: 1, tombstones: 0 },
      }),
      importArchive: async () => ({ id: 7 }),
      getArchiveImport: async (id): Promise<ImportProgress> => {
        polls++;
        return polls < 2
          ? { id, status: 'running', linesDone: 5, linesTotal: 10, report: report(1), error: null }
          : { id, status: 'done', linesDone: 10, linesTotal: 10, report: report(2), error: null };
      },
      files: {
        saveText: async (name, text) => {
          saved.push([name, text]);
          return `/home/me/${name}`;
        },
        openArchive: async () => '/home/me/old.jsonl',
      },
    });
    renderWith(api, <DataCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText(/Saved \/home\/me\/memtray-2026-11-27\.jsonl \(4 sessions, 12 memories\)/);
    expect(saved).toEqual([['memtray-2026-11-27.jsonl', '{"format":"memtray-archive"}\n']]);
    expect(api.calls.find(([n]) => n === 'downloadExport')?.[1][0]).toEqual({
      format: 'jsonl',
      includeCaptureOff: false,
    });
    expect(screen.queryByLabelText('Left out of the export')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Import…' }));
    await screen.findByText('done', {}, { timeout: 3000 });
    expect(api.calls.find(([n]) => n === 'importArchive')?.[1][0]).toBe('/home/me/old.jsonl');
    expect(screen.getByText(/Added 2 sessions/)).toBeTruthy();
    expect(polls).toBe(2);
  });

  it('says what capture-off projects leave out and includes them when asked', async () => {
    const api = fakeApi({
      getExportLeftOut: async () => ({ sessions: 18, observations: 240, projects: ['quiet', 'secret'] }),
      downloadExport: async () => ({ fileName: 'memtray-2026-11-27.md', text: '# x\n', counts: null }),
      files: { saveText: async () => null, openArchive: async () => null },
    });
    renderWith(api, <DataCard />);
    await screen.findByText(
      /18 sessions and 240 memories of projects whose capture is off now \(quiet, secret\)/,
    );
    fireEvent.change(screen.getByRole('combobox', { name: /Format/ }), { target: { value: 'markdown' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Include them/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(api.calls.find(([n]) => n === 'downloadExport')?.[1][0]).toEqual({
        format: 'markdown',
        includeCaptureOff: true,
      }),
    );
    // A cancelled save dialog says nothing was saved.
    expect(screen.queryByText(/Saved/)).toBeNull();
  });
});

describe('SyncCard', () => {
  it('sets the folder and lists peers with their state', async () => {
    let folder: string | null = null;
    const status = (): SyncStatus => ({
      enabled: folder !== null,
      folder,
      machine: 'aaaabbbbccccdddd',
      ownBytes: 4096,
      folderBytes: 9000,
      pending: 0,
      lastWriteAt: null,
      lastScanAt: null,
      error: null,
      peers:
        folder === null
          ? []
          : [
              {
                machine: '1111222233334444',
                name: 'laptop',
                lastSeenAt: null,
                lastAppliedAt: null,
                lagBytes: 0,
                records: 42,
                error: null,
              },
              {
                machine: '5555666677778888',
                name: null,
                lastSeenAt: null,
                lastAppliedAt: null,
                lagBytes: 100,
                records: 1,
                error: 'x.mseg: damaged record at byte 9 (waiting for a whole copy)',
              },
            ],
      holds: [],
      trash: { count: 0, items: [] },
      refusals: [],
    });
    const api = fakeApi({
      getSync: async () => status(),
      runSync: async () => status(),
    });
    const base = api.updateSettings;
    api.updateSettings = async (patch) => {
      folder = patch.sync?.folder ?? null;
      return base(patch);
    };
    renderWith(api, <SyncCard />);
    await screen.findByText('off');
    fireEvent.change(screen.getByRole('textbox', { name: 'Sync folder' }), {
      target: { value: '/home/me/Sync' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('laptop');
    expect(screen.getByText('in sync')).toBeTruthy();
    expect(screen.getByText('problem')).toBeTruthy();
    expect(screen.getByText(/damaged record/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByText('off')).toBeTruthy());
  });

  it('shows a held deletion and the trash, and sends the decision and the restore', async () => {
    const peer = '1111222233334444';
    let held = true;
    let trashed = true;
    const status = (): SyncStatus => ({
      enabled: true,
      folder: '/home/me/Sync',
      machine: 'aaaabbbbccccdddd',
      ownBytes: 0,
      folderBytes: 0,
      pending: 0,
      lastWriteAt: null,
      lastScanAt: null,
      error: null,
      peers: [],
      holds: held ? [{ machine: peer, sessions: 40, observations: 2, since: Date.now() }] : [],
      trash: trashed
        ? {
            count: 1,
            items: [
              {
                id: 9,
                kind: 'session',
                uid: 's-9',
                machine: peer,
                project: 'alpha',
                title: 'fix the login',
                trashedAt: Date.now(),
                expiresAt: Date.now() + 1e9,
              },
            ],
          }
        : { count: 0, items: [] },
      refusals: [],
    });
    const api = fakeApi({
      getSync: async () => status(),
      decideSyncHold: async () => ((held = false), status()),
      restoreSyncTrash: async () => ((trashed = false), status()),
    });
    renderWith(api, <SyncCard />);
    await screen.findByText(/deleted 40 sessions and 2 memories at once/);
    fireEvent.click(screen.getByRole('button', { name: 'Keep them here' }));
    await waitFor(() => expect(screen.queryByText(/at once/)).toBeNull());
    expect(api.calls.find(([n]) => n === 'decideSyncHold')?.[1]).toEqual([peer, 'reject']);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByText(/fix the login/)).toBeNull());
    expect(api.calls.find(([n]) => n === 'restoreSyncTrash')?.[1]).toEqual([9]);
  });
});
