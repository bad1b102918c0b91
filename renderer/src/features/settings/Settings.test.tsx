import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, settingsFixture } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { HealthView } from '@/features/health';
import { PrivacyView } from './components/Privacy';
import { ProviderView } from '@/features/provider';

afterEach(cleanup);

describe('PrivacyView', () => {
  it('edits lists, rejects an invalid pattern, and saves one patch', async () => {
    const api = fakeApi();
    renderWith(api, <PrivacyView />);
    const excluded = await screen.findByRole('group', { name: 'Excluded paths (globs)' });
    fireEvent.change(within(excluded).getByRole('textbox'), { target: { value: '**/secrets/**' } });
    fireEvent.click(within(excluded).getByRole('button', { name: 'Add' }));
    const patterns = screen.getByRole('group', { name: /Custom redaction patterns/ });
    fireEvent.change(within(patterns).getByRole('textbox'), { target: { value: '([' } });
    fireEvent.click(within(patterns).getByRole('button', { name: 'Add' }));
    expect(within(patterns).getByRole('alert').textContent).toContain('Not a valid regular expression');
    fireEvent.click(screen.getByRole('button', { name: 'Remove TodoWrite' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save privacy settings' }));
    await screen.findByText('Saved.');
    expect(api.calls.find(([n]) => n === 'updateSettings')?.[1][0]).toEqual({
      excludedPaths: ['**/secrets/**'],
      skipTools: [],
      redactSecrets: true,
      customRedactPatterns: [],
    });
  });

  it('says which tools are captured as decisions', async () => {
    renderWith(fakeApi(), <PrivacyView />);
    const note = await screen.findByTestId('decision-tools');
    expect(note.textContent).toContain('Captured as decisions: AskUserQuestion and ExitPlanMode');
  });
});

describe('ProviderView', () => {
  it('sends the key write-only and never shows it back', async () => {
    const api = fakeApi();
    renderWith(api, <ProviderView />);
    await screen.findByText('no key');
    const input = screen.getByLabelText('API key') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.change(input, { target: { value: 'sk-ant-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await screen.findByText('key set');
    expect(api.calls.find(([n]) => n === 'updateSettings')?.[1][0]).toEqual({ apiKey: 'sk-ant-secret' });
    expect((screen.getByLabelText('Replace the key') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain('sk-ant-secret');
  });

  it('validates and saves the budget and model; shows usage by day', async () => {
    const api = fakeApi({
      getUsage: () =>
        Promise.resolve({
          days: [
            {
              day: '2026-01-02',
              model: 'm',
              requests: 3,
              inputTokens: 100,
              outputTokens: 50,
              cacheReadTokens: 0,
              cacheWriteTokens: 0,
            },
            {
              day: '2026-01-02',
              model: 'n',
              requests: 1,
              inputTokens: 10,
              outputTokens: 5,
              cacheReadTokens: 0,
              cacheWriteTokens: 0,
            },
          ],
          today: { used: 165, budget: 1000, exhausted: false },
        }),
    });
    api.state.settings = settingsFixture({ providerKind: 'anthropic', apiKeySet: true });
    renderWith(api, <ProviderView />);
    const budget = (await screen.findByLabelText('Daily token budget')) as HTMLInputElement;
    fireEvent.change(budget, { target: { value: '-5' } });
    expect(screen.getByText(/Enter a whole number/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(budget, { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(api.calls.find(([n]) => n === 'updateSettings')?.[1][0]).toEqual({
      provider: { model: 'claude-haiku-4-5', dailyTokenBudget: 5000 },
    });
    await screen.findByText('2026-01-02');
    expect(screen.getByText('4')).toBeTruthy(); // requests summed across models
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('165');
  });
});

describe('HealthView', () => {
  it('shows the service and says inline which parts the service does not offer yet', async () => {
    renderWith(fakeApi(), <HealthView />);
    await screen.findByText('running');
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(3));
    expect(screen.getAllByRole('alert')[0]!.textContent).toContain('does not offer this yet');
  });

  it('installs hooks in one click and shows failed jobs with retry', async () => {
    let installed = false;
    const api = fakeApi({
      getHooks: async () => ({
        installed,
        mode: installed ? 'http' : null,
        scope: 'user',
        settingsPath: '/h/.claude/settings.json',
        events: [],
        problems: [],
      }),
      installHooks: async () => {
        installed = true;
        return {
          installed,
          mode: 'http',
          scope: 'user',
          settingsPath: '/h/.claude/settings.json',
          events: [],
          problems: [],
        };
      },
      getQueue: async () => ({
        pending: 1,
        leased: 0,
        done: 4,
        failed: 1,
        oldestPendingAgeMs: 5000,
        failedJobs: [
          { id: 9, kind: 'observe', subjectId: 3, attempts: 5, lastError: 'rate limited', updatedAt: 1 },
        ],
      }),
      retryJobs: async () => ({ retried: 1 }),
      listImports: async () => ({
        items: [
          {
            id: 1,
            source: 'x',
            status: 'running',
            filesTotal: 10,
            filesDone: 4,
            sessions: 1,
            prompts: 2,
            toolCalls: 3,
            skippedLines: 0,
            skippedDirs: 0,
            error: null,
            note: null,
            startedAt: Date.now(),
            finishedAt: null,
          },
        ],
      }),
    });
    renderWith(api, <HealthView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Install hooks' }));
    await screen.findByText('installed');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.calls.find(([n]) => n === 'retryJobs')?.[1]).toEqual([[9]]));
    const bar = await screen.findByRole('progressbar', { name: 'Import 1 progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('4');
    api.emit({ name: 'import', data: { runId: 1, status: 'running', filesDone: 7, filesTotal: 10 } });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('7'));
  });

  it('shows the database size, growth per day and a damaged database with what to do', async () => {
    const api = fakeApi({
      getStorage: async () => ({
        storage: {
          ok: false,
          problem: 'corrupt',
          code: 'SQLITE_CORRUPT',
          message: 'storage damaged: restore from a backup',
          checkedAt: Date.now(),
          freeBytes: 1e10,
          lowDisk: false,
        },
        integrity: { ok: false, checkedAt: Date.now(), ms: 5, problems: ['Tree 5 page 9: bad'] },
        sizes: { db: 300 * 1024 * 1024, wal: 0, log: 0, logRotated: 0, spool: 0 },
        growth: { bytesPerDay: 3.4 * 1024 * 1024, eventsPerDay: 2000, days: 7, samples: 28 },
        retention: { rawDays: 30 },
        lastRun: null,
      }),
    });
    renderWith(api, <HealthView />);
    await screen.findByText('300.0 MiB');
    expect(screen.getByText('3.4 MiB/day')).toBeTruthy();
    expect(screen.getByText('30 days')).toBeTruthy();
    expect(screen.getByText('storage damaged: restore from a backup')).toBeTruthy();
  });
});
