import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, projectFixture } from '@/test/fakeApi';
import { heldPages } from '@/test/heldPages';
import { renderWith } from '@/test/render';
import { SearchView } from './components/Search';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  window.localStorage.clear();
});

const hit = (id: number, snippet: string) => ({
  kind: 'observation' as const,
  id,
  sessionId: 1,
  project: 'alpha',
  agent: 'claude-code' as const,
  type: 'bugfix',
  title: `Hit ${id}`,
  snippet,
  createdAt: Date.now(),
  score: 1,
});

describe('SearchView', () => {
  it('says when a search kept to the project the question names, and which words it corrected', async () => {
    const api = fakeApi();
    api.state.hits = [hit(1, 'where we left off on the <mark>shelf</mark> labels')];
    api.state.searchNote = { named: 'kucun', corrected: { shlef: 'shelf' } };
    renderWith(api, <SearchView debounceMs={0} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'shelf' } });
    await screen.findByText('Hit 1');
    const note = screen.getByRole('status');
    expect(note.textContent).toContain('Only kucun: the project your question names.');
    expect(note.textContent).toContain('Searched for shelf (typed shlef).');
  });

  it('says when a "last time" question kept to the last session, and whose it was', async () => {
    const api = fakeApi();
    api.state.hits = [hit(1, 'the <mark>shelf</mark> labels')];
    const since = Date.now() - 3 * 3_600_000;
    api.state.searchNote = {
      named: 'kucun',
      lastSession: { project: 'kucun', since, until: since + 600_000 },
    };
    renderWith(api, <SearchView debounceMs={0} />);
    fireEvent.change(screen.getByRole('combobox'), {
      target: { value: 'shelf' },
    });
    await screen.findByText('Hit 1');
    const note = screen.getByRole('status');
    expect(note.textContent).toMatch(/^Only the last session: kucun, started 3 h(ours?)? ago\./);
    // The session is the narrower of the two: the project is not said twice.
    expect(note.textContent).not.toContain('the project your question names');
  });

  it('says when a question named a span of days and the search kept to it', async () => {
    const api = fakeApi();
    api.state.hits = [hit(1, 'the <mark>shelf</mark> labels, yesterday')];
    const since = new Date(2026, 10, 27).getTime();
    api.state.searchNote = { period: { since, until: since + 86_400_000 - 1, said: 'yesterday' } };
    renderWith(api, <SearchView debounceMs={0} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'yesterday' } });
    await screen.findByText('Hit 1');
    const day = new Date(since).toLocaleDateString(undefined, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    expect(screen.getByRole('status').textContent).toBe(`Only yesterday: ${day}. `);
  });

  it('says which words no memory holds, when the results are what the rest of the question asks for', async () => {
    const api = fakeApi();
    api.state.hits = [hit(1, 'the shelf <mark>bug</mark>')];
    api.state.searchNote = { unmatched: ['hardest'] };
    renderWith(api, <SearchView debounceMs={0} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'bug' } });
    await screen.findByText('Hit 1');
    expect(screen.getByRole('status').textContent).toBe(
      'No memory holds hardest: these are what the rest of the question asks for.',
    );
  });

  it('says nothing more when the search only matched the words', async () => {
    const api = fakeApi();
    api.state.hits = [hit(1, 'the <mark>shelf</mark> labels')];
    renderWith(api, <SearchView debounceMs={0} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'shelf' } });
    await screen.findByText('Hit 1');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('focuses the box, searches as you type (debounced), opens with ↓ + Enter and comes back with Esc', async () => {
    const api = fakeApi();
    api.state.hits = [
      hit(1, 'the <mark>auth</mark> bug'),
      { ...hit(2, 'more <mark>auth</mark> work'), agent: 'codex' },
    ];
    renderWith(api, <SearchView debounceMs={20} />);
    const box = screen.getByRole('combobox', { name: 'Search memories' });
    expect(document.activeElement).toBe(box);
    expect(screen.getByText('Search everything your coding agents did')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'au' } });
    fireEvent.change(box, { target: { value: 'auth' } });
    await screen.findByText('Hit 2');
    // The agent of a memory another agent recorded is shown; Claude Code's are not marked.
    expect(screen.getAllByRole('option')[1]!.textContent).toContain('codex');
    expect(screen.getAllByRole('option')[0]!.textContent).not.toContain('claude-code');
    const searches = api.calls.filter(([n]) => n === 'search').map(([, a]) => (a[0] as { q: string }).q);
    expect(searches).toEqual(['auth']);
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByRole('heading', { name: 'Observation 2' });
    expect(api.calls.some(([n, a]) => n === 'getObservation' && a[0] === 2)).toBe(true);

    fireEvent.keyDown(window, { key: 'Escape' });
    await screen.findByText('Hit 1');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('auth');
  });

  it('says so when nothing matches, and sends filters', async () => {
    const api = fakeApi();
    renderWith(api, <SearchView debounceMs={1} />);
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'decision' } });
    fireEvent.change(screen.getByLabelText('File'), { target: { value: 'a.ts' } });
    fireEvent.change(screen.getByLabelText('Agent'), { target: { value: 'gemini' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search memories' }), { target: { value: 'zzz' } });
    await screen.findByText('No matches');
    const last = api.calls.filter(([n]) => n === 'search').at(-1)![1][0];
    expect(last).toMatchObject({ q: 'zzz', type: 'decision', file: 'a.ts', agent: 'gemini' });
  });

  it('ranks the project worked in last first, until switched off (remembered); never with a project filter', async () => {
    const api = fakeApi();
    api.state.projects = [
      projectFixture('older', { lastActivityAt: 1_000 }),
      projectFixture('recent', { lastActivityAt: 2_000 }),
      projectFixture('never', { lastActivityAt: null }),
    ];
    api.state.hits = [hit(1, 'the <mark>auth</mark> bug')];
    const lastSearch = () =>
      api.calls.filter(([n]) => n === 'search').at(-1)![1][0] as Record<string, unknown>;
    renderWith(api, <SearchView debounceMs={1} />);
    await waitFor(() => expect(api.calls.some(([n]) => n === 'listProjects')).toBe(true));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search memories' }), {
      target: { value: 'auth' },
    });
    const toggle = await screen.findByRole('button', { name: 'recent first' });
    await waitFor(() => expect(lastSearch()).toMatchObject({ q: 'auth', prefer: 'recent' }));
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(toggle);
    await waitFor(() => expect(lastSearch()).not.toHaveProperty('prefer'));
    expect(screen.getByRole('button', { name: 'recent first' }).getAttribute('aria-pressed')).toBe('false');
    cleanup();

    // Remembered: a popup opened again still ranks every project alike.
    renderWith(api, <SearchView debounceMs={1} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Search memories' }), { target: { value: 'bug' } });
    const off = await screen.findByRole('button', { name: 'recent first' });
    expect(off.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(lastSearch()).toMatchObject({ q: 'bug' }));
    expect(lastSearch()).not.toHaveProperty('prefer');
    fireEvent.click(off);
    await waitFor(() => expect(lastSearch()).toMatchObject({ q: 'bug', prefer: 'recent' }));

    // A project filter narrows to one project: no preference, no switch.
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: 'older' } });
    await waitFor(() => expect(lastSearch()).toMatchObject({ q: 'bug', project: 'older' }));
    expect(lastSearch()).not.toHaveProperty('prefer');
    expect(screen.queryByRole('button', { name: 'recent first' })).toBeNull();
  });

  it('shows a failing search inline', async () => {
    const api = fakeApi({ search: () => Promise.reject(new Error('boom')) });
    renderWith(api, <SearchView debounceMs={1} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'x' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('boom'));
  });
});

describe('SearchView paging', () => {
  /**
   * A search whose pages are scripted by query and cursor (read when asked, so a test can change a
   * page); every request for a `held` page answers only when that page is released.
   */
  function pagedApi(pages: Record<string, { items: number[]; next: string | null }>, held: string[]) {
    const { answer, release } = heldPages(pages, held);
    const api = fakeApi({
      search: (sq) =>
        answer(`${sq.q}@${sq.cursor ?? ''}`).then((page) => ({
          items: page.items.map((id) => hit(id, sq.q)),
          nextCursor: page.next,
        })),
    });
    return { api, release };
  }
  const titles = () =>
    screen.getAllByRole('option').map((o) => o.querySelector('.result-title')!.textContent);
  /** Renders the view over `api`, types `q` and waits for `first` to show; returns the box. */
  const searchFor = async (
    api: ReturnType<typeof fakeApi>,
    q: string,
    first: string,
  ): Promise<HTMLElement> => {
    renderWith(api, <SearchView debounceMs={1} />);
    const box = screen.getByRole('combobox', { name: 'Search memories' });
    fireEvent.change(box, { target: { value: q } });
    await screen.findByText(first);
    return box;
  };
  /** A live event, then the reload of the first page it schedules (after the view's 1.5 s wait). */
  const liveReload = async (
    api: ReturnType<typeof fakeApi>,
    ev: Parameters<ReturnType<typeof fakeApi>['emit']>[0],
  ): Promise<void> => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => api.emit(ev));
    await act(() => vi.runOnlyPendingTimersAsync());
    vi.useRealTimers();
  };
  const cursors = (api: ReturnType<typeof fakeApi>) =>
    api.calls.filter(([n]) => n === 'search').map(([, a]) => (a[0] as { cursor?: string }).cursor);

  it('drops the late next page of a query that is no longer current; More results continues the current one', async () => {
    const { api, release } = pagedApi(
      {
        'alpha@': { items: [1], next: 'a2' },
        'alpha@a2': { items: [2], next: 'a3' },
        'beta@': { items: [11], next: 'b2' },
        'beta@b2': { items: [12], next: null },
      },
      ['alpha@a2'],
    );
    renderWith(api, <SearchView debounceMs={1} />);
    const box = screen.getByRole('combobox', { name: 'Search memories' });
    fireEvent.change(box, { target: { value: 'alpha' } });
    await screen.findByText('Hit 1');
    fireEvent.click(screen.getByRole('button', { name: 'More results' }));
    await waitFor(() => expect(cursors(api)).toEqual([undefined, 'a2']));

    fireEvent.change(box, { target: { value: 'beta' } });
    await screen.findByText('Hit 11');
    await act(async () => release('alpha@a2'));
    expect(titles()).toEqual(['Hit 11']);

    fireEvent.click(screen.getByRole('button', { name: 'More results' }));
    await screen.findByText('Hit 12');
    expect(cursors(api)).toEqual([undefined, 'a2', undefined, 'b2']);
    expect(titles()).toEqual(['Hit 11', 'Hit 12']);
    expect(screen.queryByRole('button', { name: 'More results' })).toBeNull();
  });

  it('starts a query typed again from its first page, with the first result highlighted', async () => {
    const { api } = pagedApi(
      {
        'alpha@': { items: [1, 2], next: 'a2' },
        'alpha@a2': { items: [3], next: null },
        'beta@': { items: [11], next: null },
      },
      [],
    );
    renderWith(api, <SearchView debounceMs={1} />);
    const box = screen.getByRole('combobox', { name: 'Search memories' });
    fireEvent.change(box, { target: { value: 'alpha' } });
    await screen.findByText('Hit 1');
    fireEvent.click(screen.getByRole('button', { name: 'More results' }));
    await screen.findByText('Hit 3');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[2]!.getAttribute('aria-selected')).toBe('true');

    fireEvent.change(box, { target: { value: 'beta' } });
    await screen.findByText('Hit 11');
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.change(box, { target: { value: 'alpha' } });
    await screen.findByText('Hit 1');
    expect(titles()).toEqual(['Hit 1', 'Hit 2']);
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'More results' })).toBeTruthy();
  });

  it('asks for the next page once while it loads, however often More results is clicked', async () => {
    const { api, release } = pagedApi(
      { 'alpha@': { items: [1], next: 'a2' }, 'alpha@a2': { items: [2], next: 'a3' } },
      ['alpha@a2'],
    );
    renderWith(api, <SearchView debounceMs={1} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Search memories' }), {
      target: { value: 'alpha' },
    });
    await screen.findByText('Hit 1');
    const more = screen.getByRole('button', { name: 'More results' }) as HTMLButtonElement;
    fireEvent.click(more);
    fireEvent.click(more);
    expect(cursors(api)).toEqual([undefined, 'a2']);
    expect(more.disabled).toBe(true);
    expect(more.getAttribute('aria-busy')).toBe('true');
    expect(more.textContent).toBe('Loading…');

    await act(async () => release('alpha@a2'));
    expect(titles()).toEqual(['Hit 1', 'Hit 2']);
    expect(screen.getByRole('button', { name: 'More results' }).getAttribute('aria-busy')).toBe('false');
  });

  it('shows a hit once when the first page, reloaded for new memories, brings one the appended pages show', async () => {
    const pages = { 'alpha@': { items: [1], next: 'a2' }, 'alpha@a2': { items: [2, 3], next: null } };
    const { api } = pagedApi(pages, []);
    await searchFor(api, 'alpha', 'Hit 1');
    fireEvent.click(screen.getByRole('button', { name: 'More results' }));
    await screen.findByText('Hit 3');

    // A new memory ranks first and lifts Hit 2 into the first page.
    pages['alpha@'] = { items: [4, 2, 1], next: 'a2' };
    await liveReload(api, {
      name: 'observation',
      data: { id: 4, sessionId: 1, toolName: 'Edit', title: 'Hit 4', status: 'processed' },
    });
    await screen.findByText('Hit 4');
    expect(cursors(api)).toEqual([undefined, 'a2', undefined]);
    expect(titles()).toEqual(['Hit 4', 'Hit 2', 'Hit 1', 'Hit 3']);
  });

  it('keeps a row highlighted when the reloaded first page is shorter than the highlight', async () => {
    const pages = { 'alpha@': { items: [1, 2, 3], next: null } };
    const { api } = pagedApi(pages, []);
    const box = await searchFor(api, 'alpha', 'Hit 3');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Hit 3');

    // Hits 2 and 3 were deleted: the first page reloads with one hit.
    pages['alpha@'] = { items: [1], next: null };
    await liveReload(api, {
      name: 'session',
      data: { id: 1, claudeSessionId: 's1', status: 'deleted', project: 'alpha' },
    });
    await waitFor(() => expect(screen.queryByText('Hit 3')).toBeNull());
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Hit 1');
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByRole('heading', { name: 'Observation 1' });
    fireEvent.keyDown(window, { key: 'Escape' });
    await screen.findByText('Hit 1');
  });

  it("takes a deleted session's hits out of the pages appended at its live event, and keeps the rest", async () => {
    // Hits 2 and 3 are session 2's; the first page is read without a cursor, the next with `a2`.
    const of = (id: number) => ({ ...hit(id, 'alpha'), sessionId: id === 2 || id === 3 ? 2 : 1 });
    const pages: Record<string, number[]> = { '': [1, 2], a2: [3, 4] };
    const api = fakeApi({
      search: async (sq) => ({
        items: (pages[sq.cursor ?? ''] ?? []).map(of),
        nextCursor: sq.cursor ? null : 'a2',
      }),
    });
    await searchFor(api, 'alpha', 'Hit 2');
    fireEvent.click(screen.getByRole('button', { name: 'More results' }));
    await screen.findByText('Hit 4');

    pages[''] = [1];
    await liveReload(api, {
      name: 'session',
      data: { id: 2, claudeSessionId: '', status: 'deleted', project: '' },
    });
    await waitFor(() => expect(cursors(api)).toEqual([undefined, 'a2', undefined]));
    expect(titles()).toEqual(['Hit 1', 'Hit 4']);
  });

  it('says so when More results fails, and asks for the same page again on Try again', async () => {
    const pages: Record<string, { items: number[]; next: string | null }> = {
      'alpha@': { items: [1], next: 'a2' },
    };
    const { api } = pagedApi(pages, []);
    await searchFor(api, 'alpha', 'Hit 1');
    fireEvent.click(screen.getByRole('button', { name: 'More results' }));
    expect((await screen.findByRole('alert')).textContent).toContain('no page alpha@a2');

    pages['alpha@a2'] = { items: [2], next: null };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Hit 2');
    expect(cursors(api)).toEqual([undefined, 'a2', 'a2']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
