import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecentItem } from '@shared/contract/recent';
import { fakeApi, projectFixture } from '@/test/fakeApi';
import { heldPages } from '@/test/heldPages';
import { renderWith } from '@/test/render';
import { RecentView } from './components/RecentView';

afterEach(cleanup);

/** Item `id` of session `sessionId`. */
const item = (id: number, sessionId = 1): RecentItem => ({
  kind: 'prompt',
  id,
  sessionId,
  project: 'alpha',
  type: null,
  title: `Item ${id}`,
  detail: null,
  at: 1_700_000_000_000 - id,
});

/**
 * The feed's pages by `<project>@<before>`; a `held` page answers when released. Items are ids of
 * session 1, or `[id, sessionId]`.
 */
function recentApi(
  pages: Record<string, { items: Array<number | [number, number]>; next: number | null }>,
  held: string[] = [],
) {
  const script = heldPages(pages, held);
  const api = fakeApi({
    getRecent: async (q = {}) => {
      const page = await script.answer(`${q.project ?? ''}@${q.before ?? ''}`);
      return {
        items: page.items.map((i) => (typeof i === 'number' ? item(i) : item(...i))),
        nextBefore: page.next,
      };
    },
  });
  return { api, release: script.release };
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Recent activity' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.result-title')!.textContent);
const befores = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter(([n]) => n === 'getRecent').map(([, a]) => (a[0] as { before?: number }).before);

describe('RecentView paging', () => {
  it('asks for an older page once while it loads, however often Older is clicked, and appends it once', async () => {
    const { api, release } = recentApi(
      { '@': { items: [1, 2], next: 500 }, '@500': { items: [3], next: null } },
      ['@500'],
    );
    renderWith(api, <RecentView />);
    await screen.findByText('Item 2');
    const older = screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement;
    fireEvent.click(older);
    fireEvent.click(older);
    expect(befores(api)).toEqual([undefined, 500]);
    expect(older.disabled).toBe(true);
    expect(older.getAttribute('aria-busy')).toBe('true');
    expect(older.textContent).toBe('Loading…');

    await act(async () => release('@500'));
    expect(titles()).toEqual(['Item 1', 'Item 2', 'Item 3']);
    expect(befores(api)).toEqual([undefined, 500]);
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
  });

  it('says so when an older page fails, and asks for the same page again on Try again', async () => {
    const pages: Record<string, { items: number[]; next: number | null }> = {
      '@': { items: [1], next: 500 },
    };
    const { api } = recentApi(pages);
    renderWith(api, <RecentView />);
    await screen.findByText('Item 1');
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect((await screen.findByRole('alert')).textContent).toContain('no page @500');

    pages['@500'] = { items: [2], next: null };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Item 2');
    expect(befores(api)).toEqual([undefined, 500, 500]);
    expect(titles()).toEqual(['Item 1', 'Item 2']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("drops the late older page of a project no longer shown; the shown project's pages stay", async () => {
    const { api, release } = recentApi(
      {
        '@': { items: [1], next: 500 },
        '@500': { items: [2], next: null },
        'beta@': { items: [11], next: 600 },
        'beta@600': { items: [12], next: null },
      },
      ['@500'],
    );
    api.state.projects = [projectFixture('alpha'), projectFixture('beta')];
    renderWith(api, <RecentView />);
    await screen.findByText('Item 1');
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByRole('option', { name: 'beta' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: 'beta' } });
    await screen.findByText('Item 11');
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Item 12');

    await act(async () => release('@500'));
    expect(titles()).toEqual(['Item 11', 'Item 12']);
    expect(befores(api)).toEqual([undefined, 500, undefined, 600]);
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
  });

  it("takes a deleted session's items out at its live event, on the first page and the appended ones alike", async () => {
    const pages: Parameters<typeof recentApi>[0] = {
      '@': { items: [1, [2, 2]], next: 500 },
      '@500': { items: [[3, 2], 4], next: null },
    };
    const held: string[] = [];
    const { api, release } = recentApi(pages, held);
    renderWith(api, <RecentView />);
    await screen.findByText('Item 2');
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Item 4');
    expect(titles()).toEqual(['Item 1', 'Item 2', 'Item 3', 'Item 4']);

    // Session 2 is deleted: the service's first page no longer holds its item, and the reload the
    // event causes is held, so what shows until it answers is the list's own doing.
    pages['@'] = { items: [1], next: 500 };
    held.push('@');
    act(() =>
      api.emit({ name: 'session', data: { id: 2, claudeSessionId: '', status: 'deleted', project: '' } }),
    );
    expect(titles()).toEqual(['Item 1', 'Item 4']);
    await waitFor(() => expect(befores(api)).toEqual([undefined, 500, undefined]), { timeout: 2000 });
    await act(async () => release('@'));
    expect(titles()).toEqual(['Item 1', 'Item 4']);
  });
});
