import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, sessionFixture } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { SessionsView } from './components/Sessions';

afterEach(cleanup);

describe('SessionsView', () => {
  it('tells a new user what to do when there are no sessions', async () => {
    renderWith(fakeApi(), <SessionsView />);
    await screen.findByText('No sessions yet');
    expect(screen.getByText(/install the hooks/)).toBeTruthy();
  });

  it('adds a session live when the stream announces it', async () => {
    const api = fakeApi();
    api.state.sessions = [sessionFixture(1)];
    renderWith(api, <SessionsView />);
    await screen.findByText('prompt of session 1');
    api.state.sessions = [
      sessionFixture(2, { firstPrompt: 'brand new', agent: 'gemini' }),
      ...api.state.sessions,
    ];
    api.emit({ name: 'session', data: { id: 2, claudeSessionId: 'x', status: 'active', project: 'alpha' } });
    await screen.findByText('brand new', {}, { timeout: 2000 });
    // A session another agent recorded says which; Claude Code's are not marked.
    expect(screen.getByText('gemini')).toBeTruthy();
    expect(screen.queryByText('claude-code')).toBeNull();
  });

  it('opens a session with its summary and state, and deletes it after confirming', async () => {
    const api = fakeApi();
    const s = sessionFixture(7, { summaryRequest: 'Fix login' });
    api.state.sessions = [s];
    // A session's detail carries the session itself, not the list's counts.
    const { observationCount: _count, summaryRequest: _request, ...session } = s;
    api.state.details[7] = {
      session,
      prompts: [{ id: 1, promptNumber: 1, prompt: 'please fix login', createdAt: 1 }],
      observations: [],
      summary: {
        id: 1,
        sessionId: 7,
        promptNumber: 1,
        request: 'Fix login',
        investigated: null,
        learned: 'tokens expire early',
        completed: 'patched refresh',
        nextSteps: 'add a test',
        filesRead: [],
        filesEdited: [],
        notes: null,
        producedBy: 'rules',
        createdAt: 1,
        updatedAt: 1,
      },
    };
    renderWith(api, <SessionsView />);
    fireEvent.click(await screen.findByText('Fix login'));
    await screen.findByText('tokens expire early');
    expect(screen.getByText('please fix login')).toBeTruthy();
    await screen.findByText('Edit × 2');

    fireEvent.click(screen.getByRole('button', { name: 'Delete this session' }));
    expect(api.calls.some(([n]) => n === 'deleteSession')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete session' }));
    await screen.findByText('No sessions yet');
    expect(api.calls.filter(([n]) => n === 'deleteSession').map(([, a]) => a[0])).toEqual([7]);
  });

  it('shows an error inline, with a retry', async () => {
    let fail = true;
    const api = fakeApi({
      listSessions: () =>
        fail ? Promise.reject(new Error('disk full')) : Promise.resolve({ items: [], nextCursor: null }),
    });
    renderWith(api, <SessionsView />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('disk full'));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('No sessions yet');
  });

  it('takes a session deleted from an appended page out of the list, and keeps the pages appended', async () => {
    const api = fakeApi({
      // The service's paging: newest first, 50 a page, the cursor the last id of a page.
      listSessions: async (o = {}) => {
        const rest = api.state.sessions.filter((s) => o.cursor === undefined || s.id < o.cursor);
        const items = rest.slice(0, o.limit);
        return { items, nextCursor: rest.length > items.length ? items.at(-1)!.id : null };
      },
    });
    api.state.sessions = Array.from({ length: 60 }, (_, i) => sessionFixture(60 - i));
    const { observationCount: _count, summaryRequest: _request, ...session } = api.state.sessions[56]!;
    api.state.details[4] = { session, prompts: [], observations: [], summary: null };
    renderWith(api, <SessionsView />);
    await screen.findByText('prompt of session 60');
    fireEvent.click(screen.getByRole('button', { name: 'Older sessions' }));
    fireEvent.click(await screen.findByText('prompt of session 4'));

    fireEvent.click(await screen.findByRole('button', { name: 'Delete this session' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete session' }));
    const list = await screen.findByRole('list', { name: 'Sessions list' });
    expect(screen.queryByText('prompt of session 4')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(59);
    expect(screen.getByText('prompt of session 1')).toBeTruthy();
  });
});
