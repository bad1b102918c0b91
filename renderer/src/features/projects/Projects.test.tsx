import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, projectFixture } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { ProjectsView } from './components/Projects';

afterEach(cleanup);

describe('ProjectsView', () => {
  it('toggles capture per project and pauses globally', async () => {
    const api = fakeApi();
    api.state.projects = [
      projectFixture('alpha'),
      projectFixture('beta', { skippedEvents: 3, captureEnabled: false }),
    ];
    renderWith(api, <ProjectsView />);
    const alpha = (await screen.findByRole('switch', { name: 'Capture alpha' })) as HTMLInputElement;
    expect(alpha.checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Capture beta' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('3 events skipped while off')).toBeTruthy();

    fireEvent.click(alpha);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Capture alpha' }) as HTMLInputElement).checked).toBe(false),
    );
    expect(api.calls.find(([n]) => n === 'setProjectCapture')?.[1]).toEqual(['alpha', false]);

    fireEvent.click(screen.getByRole('switch', { name: 'Pause all capture' }));
    await screen.findByText(/Nothing is being stored/);
    expect(api.calls.find(([n]) => n === 'updateSettings')?.[1]).toEqual([{ paused: true }]);
  });

  it('deletes a project’s memories only after confirmation', async () => {
    const api = fakeApi();
    api.state.projects = [projectFixture('alpha')];
    renderWith(api, <ProjectsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete memories…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some(([n]) => n === 'deleteProject')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete memories…' }));
    fireEvent.click(screen.getByRole('button', { name: "Delete alpha's memories" }));
    await waitFor(() =>
      expect(api.calls.some(([n, a]) => n === 'deleteProject' && a[0] === 'alpha')).toBe(true),
    );
  });

  it('explains what to do when no project exists yet', async () => {
    renderWith(fakeApi(), <ProjectsView />);
    await screen.findByText('No projects yet');
  });
});
