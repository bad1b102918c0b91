import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportProgress, SyncStatus } from '../../../electron/shared/contract/sync';
import { fakeApi } from '../test/fakeApi';
import { renderWith } from '../test/render';
import { DataCard } from './HealthData';
import { SyncCard } from './HealthSync';

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
  it('exports to a file and imports an archive, polling progress until it is done', async () => {
    let polls = 0;
    const api = fakeApi({
      exportData: async (req) => ({
        path: req.path,
        bytes: 2048,
        counts: { sessions: 4, prompts: 4, observations: 12, summaries: 1, tombstones: 0 },
      }),
      importArchive: async () => ({ id: 7 }),
      getArchiveImport: async (id): Promise<ImportProgress> => {
        polls++;
        return polls < 2
          ? { id, status: 'running', linesDone: 5, linesTotal: 10, report: report(1), error: null }
          : { id, status: 'done', linesDone: 10, linesTotal: 10, report: report(2), error: null };
      },
    });
    renderWith(api, <DataCard />);
    const exportBtn = screen.getByRole('button', { name: 'Export' });
    expect((exportBtn as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Export to file' }), {
      target: { value: '/tmp/m.jsonl' },
    });
    fireEvent.click(exportBtn);
    await screen.findByText(/Wrote 0\.0 MiB to \/tmp\/m\.jsonl \(4 sessions, 12 memories\)/);
    expect(api.calls.find(([n]) => n === 'exportData')?.[1][0]).toEqual({
      format: 'jsonl',
      path: '/tmp/m.jsonl',
    });

    fireEvent.change(screen.getByRole('textbox', { name: 'Archive to import' }), {
      target: { value: 'relative' },
    });
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Archive to import' }), {
      target: { value: '/tmp/m.jsonl' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('done', {}, { timeout: 3000 });
    expect(screen.getByText(/Added 2 sessions/)).toBeTruthy();
    expect(polls).toBe(2);
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
