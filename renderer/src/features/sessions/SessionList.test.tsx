import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionListItem, SessionListQuery } from '@shared/api';
import { fakeApi, sessionFixture } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { useSessionPages } from './api/useSessionPages';
import { SessionList } from './components/SessionList';

function List() {
  const [filter, setFilter] = useState('');
  const list = useSessionPages('', filter);
  return <SessionList project="" list={list} filter={filter} onFilter={setFilter} onOpen={() => {}} />;
}

afterEach(cleanup);

/** A page of `all`, filtered by `q` and paged by id cursor as `GET /api/sessions` does. */
function pageOf(all: SessionListItem[], o: SessionListQuery = {}) {
  const q = o.q?.toLowerCase();
  const rest = all.filter(
    (s) => (!o.cursor || s.id < o.cursor) && (!q || (s.firstPrompt ?? '').toLowerCase().includes(q)),
  );
  const limit = o.limit ?? 20;
  const items = rest.slice(0, limit);
  return { items, nextCursor: rest.length > limit ? items.at(-1)!.id : null };
}

/** A service with the sessions `all`. */
function paged(all: SessionListItem[]) {
  return fakeApi({ listSessions: async (o) => pageOf(all, o) });
}

const list = () => screen.getByRole('list', { name: 'Sessions list' });

describe('SessionList', () => {
  it('folds sessions that only started, and shows them on demand', async () => {
    const all = [
      sessionFixture(3, { firstPrompt: 'real work' }),
      sessionFixture(2, { firstPrompt: null, summaryRequest: null, observationCount: 0 }),
      sessionFixture(1, { firstPrompt: null, summaryRequest: null, observationCount: 0 }),
    ];
    renderWith(paged(all), <List />);
    await screen.findByText('real work');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /2 empty sessions/ }));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('filters through the service, past the loaded pages, with the full title on hover', async () => {
    const all = Array.from({ length: 80 }, (_, i) =>
      sessionFixture(80 - i, { firstPrompt: i === 79 ? 'fix the invoice rounding' : `add dark mode ${i}` }),
    );
    const api = paged(all);
    renderWith(api, <List />);
    await screen.findByText('add dark mode 0');
    expect(screen.queryByText('fix the invoice rounding')).toBeNull(); // beyond the first page
    fireEvent.change(screen.getByLabelText('Filter sessions'), { target: { value: 'INVOICE' } });
    await screen.findByText('fix the invoice rounding');
    expect(api.calls.filter(([n]) => n === 'listSessions').at(-1)?.[1][0]).toMatchObject({ q: 'INVOICE' });
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list()).getByRole('button').getAttribute('title')).toBe('fix the invoice rounding');
    expect(within(list()).getByRole('button').querySelector('time')?.getAttribute('title')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter sessions'), { target: { value: 'nothing like it' } });
    await screen.findByText('No session matches “nothing like it”.');
  });

  it('pages past 200 sessions', async () => {
    const all = Array.from({ length: 210 }, (_, i) =>
      sessionFixture(210 - i, { firstPrompt: `prompt ${210 - i}` }),
    );
    renderWith(paged(all), <List />);
    await screen.findByText('prompt 210', {}, { timeout: 10_000 });
    for (let i = 0; i < 4; i++) {
      const more = await screen.findByRole('button', { name: 'Older sessions' });
      fireEvent.click(more);
      await waitFor(
        () => expect(within(list()).getAllByRole('listitem').length).toBe(Math.min(210, 50 * (i + 2))),
        { timeout: 10_000 },
      );
    }
    expect(screen.getByText('prompt 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older sessions' })).toBeNull();
  }, 60_000);

  it('says so when a page of older sessions fails, and asks for the same page again on Try again', async () => {
    const all = Array.from({ length: 60 }, (_, i) =>
      sessionFixture(60 - i, { firstPrompt: `prompt ${60 - i}` }),
    );
    let fail = true;
    const api = fakeApi({
      listSessions: async (o) => {
        if (o?.cursor !== undefined && fail) throw new Error('disk full');
        return pageOf(all, o);
      },
    });
    const cursors = () =>
      api.calls.filter(([n]) => n === 'listSessions').map(([, a]) => (a[0] as { cursor?: number }).cursor);
    renderWith(api, <List />);
    await screen.findByText('prompt 60');
    fireEvent.click(screen.getByRole('button', { name: 'Older sessions' }));
    expect((await screen.findByRole('alert')).textContent).toContain('disk full');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('prompt 1');
    expect(cursors()).toEqual([undefined, 11, 11]);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(60);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
