/**
 * Drill-down by address: a detail has a hash of its own (`#/observation/12`, `#/session/1`), every
 * list opens the same one, and Back or Esc returns to the list it was opened from.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecentItem } from '@shared/contract/recent';
import { App } from '@/App';
import { NavGuardProvider } from '@/router/guard';
import { fakeApi, sessionFixture, type FakeApi } from '@/test/fakeApi';
import { renderWith } from '@/test/render';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
beforeEach(() => history.replaceState(null, '', '#'));

const item = (kind: RecentItem['kind'], id: number, title: string): RecentItem => ({
  kind,
  id,
  sessionId: 1,
  project: 'alpha',
  type: kind === 'observation' ? 'bugfix' : null,
  title,
  detail: null,
  at: Date.now(),
});

function withFeed(items: RecentItem[]): FakeApi {
  const api = fakeApi({ getRecent: () => Promise.resolve({ items, nextBefore: null }) });
  api.state.hits = [
    {
      kind: 'observation',
      id: 12,
      sessionId: 1,
      project: 'alpha',
      agent: 'claude-code',
      type: 'bugfix',
      title: 'Hit 12',
      snippet: 'the <mark>auth</mark> bug',
      createdAt: Date.now(),
      score: 1,
    },
  ];
  const s = sessionFixture(1);
  const { observationCount: _count, summaryRequest: _request, ...session } = s;
  api.state.sessions = [s];
  api.state.details[1] = { session, prompts: [], observations: [], summary: null };
  return api;
}

function renderApp(api: FakeApi, hash = '#') {
  history.replaceState(null, '', hash);
  return renderWith(
    api,
    <NavGuardProvider confirm={() => true}>
      <App />
    </NavGuardProvider>,
  );
}

const selected = (name: string): string | null =>
  screen.getByRole('tab', { name }).getAttribute('aria-selected');

describe('drill-down routes', () => {
  it('opens #/observation/<id> from the address, in Recent; Back returns to the feed', async () => {
    const api = withFeed([item('observation', 12, 'Fixed the auth bug')]);
    renderApp(api, '#/observation/12');
    await screen.findByRole('heading', { name: 'Observation 12' });
    expect(selected('Recent')).toBe('true');
    expect(api.calls.some(([n, a]) => n === 'getObservation' && a[0] === 12)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '← Back' }));
    await screen.findByText('Fixed the auth bug');
    expect(location.hash).toBe('#recent');
  });

  it('Recent and Search open the same detail at the same address', async () => {
    const api = withFeed([item('observation', 12, 'Fixed the auth bug')]);
    renderApp(api);
    fireEvent.click(await screen.findByText('Fixed the auth bug'));
    await screen.findByRole('heading', { name: 'Observation 12' });
    expect(location.hash).toBe('#/observation/12');
    fireEvent.keyDown(window, { key: 'Escape' });
    await screen.findByText('Fixed the auth bug');
    expect(location.hash).toBe('#recent');

    fireEvent.click(screen.getByRole('tab', { name: 'Search' }));
    const box = screen.getByRole('combobox', { name: 'Search memories' });
    fireEvent.change(box, { target: { value: 'auth' } });
    await screen.findByText('Hit 12');
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByRole('heading', { name: 'Observation 12' });
    expect(location.hash).toBe('#/observation/12');
    expect(selected('Search')).toBe('true');

    fireEvent.keyDown(window, { key: 'Escape' });
    await screen.findByText('Hit 12');
    expect(location.hash).toBe('#search');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('auth');
  });

  it('a detail links to the other: observation → its session; Back returns to the list', async () => {
    const api = withFeed([item('observation', 12, 'Fixed the auth bug')]);
    renderApp(api, '#/observation/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Open the session →' }));
    await screen.findByRole('heading', { name: 'prompt of session 1' });
    expect(location.hash).toBe('#/session/1');
    fireEvent.click(screen.getByRole('button', { name: '← Back' }));
    await screen.findByText('Fixed the auth bug');
    expect(location.hash).toBe('#recent');
  });

  it("from a session's story an observation opens, and Back returns to that session", async () => {
    const api = withFeed([]);
    const step = { ...(await fakeApi().getObservation(12)), title: 'Patched the refresh' };
    api.state.details[1] = {
      ...api.state.details[1]!,
      prompts: [{ id: 1, promptNumber: 1, prompt: 'please fix login', createdAt: 1 }],
      observations: [step],
    };
    renderApp(api, '#sessions');
    fireEvent.click(await screen.findByText('prompt of session 1'));
    await screen.findByRole('heading', { name: 'prompt of session 1' });
    expect(location.hash).toBe('#/session/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Patched the refresh' }));
    await screen.findByRole('heading', { name: 'Observation 12' });
    expect(location.hash).toBe('#/observation/12');
    expect(selected('Sessions')).toBe('true');

    fireEvent.keyDown(window, { key: 'Escape' });
    await screen.findByRole('heading', { name: 'prompt of session 1' });
    expect(location.hash).toBe('#/session/1');
    fireEvent.click(screen.getByRole('button', { name: '← Back' }));
    await screen.findByRole('combobox', { name: 'Project' });
    expect(location.hash).toBe('#sessions');
  });

  it('a prompt opens its session at #/session/<id>', async () => {
    const api = withFeed([item('prompt', 3, 'please fix login')]);
    renderApp(api);
    fireEvent.click(await screen.findByText('please fix login'));
    await screen.findByRole('heading', { name: 'prompt of session 1' });
    expect(location.hash).toBe('#/session/1');
  });

  it('a detail address arriving on a view without details opens it in Recent', async () => {
    const api = withFeed([]);
    renderApp(api, '#projects');
    expect(selected('Projects')).toBe('true');
    act(() => {
      history.replaceState(null, '', '#/session/1');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await screen.findByRole('heading', { name: 'prompt of session 1' });
    expect(selected('Recent')).toBe('true');
  });

  it('#/search?q= opens Search with the query in the box', async () => {
    const api = withFeed([]);
    renderApp(api, '#/search?q=auth');
    expect(selected('Search')).toBe('true');
    await screen.findByText('Hit 12');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('auth');
    await waitFor(() =>
      expect(api.calls.filter(([n]) => n === 'search').map(([, a]) => (a[0] as { q: string }).q)).toContain(
        'auth',
      ),
    );
  });
});
