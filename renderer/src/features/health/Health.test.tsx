import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueueState } from '@shared/api';
import { QueueActivity } from '@/features/recent';
import { fakeApi } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { QueueCard } from './components/Health';

afterEach(cleanup);

const queue = (over: Partial<QueueState> = {}): QueueState => ({
  pending: 0,
  leased: 0,
  done: 4,
  failed: 0,
  oldestPendingAgeMs: null,
  failedJobs: [],
  ...over,
});

describe('compression queue', () => {
  it("a failed job's error and its Retry button are separate words", async () => {
    const failedJobs = [
      { id: 3, kind: 'observe', subjectId: 9, attempts: 1, lastError: 'connection error', updatedAt: 1 },
    ];
    const api = fakeApi({ getQueue: async () => queue({ failed: 1, failedJobs }) });
    renderWith(api, <QueueCard />);
    const item = (await screen.findByRole('button', { name: 'Retry' })).closest('li')!;
    expect(item.textContent).toContain('connection error Retry');
  });

  it('Recent claims nothing about compression while the service is unreachable', async () => {
    const api = fakeApi({ getQueue: async () => queue() });
    renderWith(api, <QueueActivity />);
    act(() => api.setLive('live'));
    await screen.findByText(/Compression idle/);
    act(() => api.setLive('down'));
    expect(screen.queryByText(/Compression idle/)).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/unknown: the service cannot be reached/);
  });
});
