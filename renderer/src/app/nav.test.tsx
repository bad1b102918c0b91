import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '@/App';
import { fakeApi, sessionFixture, type FakeApi } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { NavGuardProvider } from '@/router/guard';

afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '#'));

function renderApp(api: FakeApi, confirm: (m: string) => boolean = () => true) {
  return renderWith(
    api,
    <NavGuardProvider confirm={confirm}>
      <App />
    </NavGuardProvider>,
  );
}

const selected = (name: string): string | null =>
  screen.getByRole('tab', { name }).getAttribute('aria-selected');

function goHash(h: string): void {
  act(() => {
    history.replaceState(null, '', `#${h}`);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

describe('App navigation', () => {
  it('follows #hash changes after start-up (tray menu, shortcut, first run)', async () => {
    renderApp(fakeApi());
    expect(selected('Recent')).toBe('true');
    goHash('health');
    await waitFor(() => expect(selected('Health')).toBe('true'));
    goHash('search');
    await waitFor(() => expect(selected('Search')).toBe('true'));
    goHash('projects');
    await waitFor(() => expect(selected('Projects')).toBe('true'));
    goHash('nonsense');
    expect(selected('Projects')).toBe('true');
  });

  it('one row of six views; settings and logs are sections with addresses of their own', async () => {
    renderApp(fakeApi());
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Recent',
      'Search',
      'Sessions',
      'Projects',
      'Settings',
      'Health',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(location.hash).toBe('#privacy');
    const sections = screen.getByRole('tablist', { name: 'Settings sections' });
    expect(Array.from(sections.querySelectorAll('[role="tab"]')).map((t) => t.textContent)).toEqual([
      'Privacy',
      'Provider',
      'Embeddings',
      'Context',
      'Sync',
      'Export',
      'App',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Provider' }));
    expect(location.hash).toBe('#provider');
    await screen.findByRole('region', { name: 'Provider' });
    goHash('logs');
    await waitFor(() => expect(selected('Health')).toBe('true'));
    expect(selected('Logs')).toBe('true');
    // Back to Settings: the section shown there last.
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(selected('Provider')).toBe('true');
    goHash('sync');
    await screen.findByRole('region', { name: 'Sync' });
    expect(selected('Settings')).toBe('true');
  });

  it('keeps the search query and the sessions filter when switching views and back', async () => {
    renderApp(fakeApi());
    fireEvent.click(screen.getByRole('tab', { name: 'Search' }));
    fireEvent.change(await screen.findByLabelText('Search memories'), { target: { value: 'invoice' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    fireEvent.change(await screen.findByLabelText('Filter sessions'), { target: { value: 'dark' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Search' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Search memories')).value).toBe('invoice');
    fireEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Filter sessions')).value).toBe('dark');
  });

  it('"/" opens Search from any view, but is typed as text inside a text field', async () => {
    renderApp(fakeApi());
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    const add = await screen.findByLabelText('Add to Excluded paths (globs)');
    fireEvent.keyDown(add, { key: '/' });
    expect(selected('Privacy')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Health' }));
    fireEvent.keyDown(document.body, { key: '/' });
    await waitFor(() => expect(selected('Search')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Search memories')));
  });

  it('asks before leaving Privacy with unsaved edits, by tab or by hash', async () => {
    const asked: string[] = [];
    let answer = false;
    renderApp(fakeApi(), (m) => {
      asked.push(m);
      return answer;
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    const add = await screen.findByLabelText('Add to Excluded paths (globs)');
    fireEvent.change(add, { target: { value: '**/secret/**' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add' })[0]!);
    await screen.findByText('Unsaved changes');

    fireEvent.click(screen.getByRole('tab', { name: 'Search' }));
    expect(asked).toHaveLength(1);
    expect(selected('Privacy')).toBe('true');
    goHash('health');
    expect(asked).toHaveLength(2);
    expect(selected('Privacy')).toBe('true');
    expect(location.hash).toBe('#privacy');

    answer = true;
    fireEvent.click(screen.getByRole('tab', { name: 'Search' }));
    await waitFor(() => expect(selected('Search')).toBe('true'));
    // Nothing unsaved any more: no question.
    fireEvent.click(screen.getByRole('tab', { name: 'Health' }));
    expect(asked).toHaveLength(3);
  });

  it('says "Offline — retrying" during an outage and reloads every panel when back', async () => {
    const api = fakeApi();
    api.state.sessions = [sessionFixture(1)];
    renderApp(api);
    fireEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    await screen.findByRole('list', { name: 'Sessions list' });
    const loads = (): number => api.calls.filter(([n]) => n === 'listSessions').length;
    const before = loads();
    act(() => api.setLive('down'));
    expect(screen.getByText('Offline — retrying')).toBeTruthy();
    api.state.sessions = [sessionFixture(2, { firstPrompt: 'written during the outage' }), sessionFixture(1)];
    act(() => api.setLive('live'));
    await screen.findByText('written during the outage');
    expect(loads()).toBe(before + 1);
    expect(screen.getByText('Live')).toBeTruthy();
  });
});
