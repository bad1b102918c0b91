import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { AppSettingsCard } from './components/AppSettingsCard';

afterEach(cleanup);

const patches = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter(([n]) => n === 'updateSettings').map(([, a]) => a[0]);

describe('AppSettingsCard', () => {
  it('checks the shortcut before saving, saves it, and removes it', async () => {
    const api = fakeApi();
    renderWith(api, <AppSettingsCard electron />);
    const box = await screen.findByLabelText('Global shortcut that opens Search');
    expect((box as HTMLInputElement).value).toBe('CommandOrControl+Alt+Shift+M');
    fireEvent.change(box, { target: { value: 'Ctrl+Banana' } });
    expect(screen.getByRole('alert').textContent).toContain('"Banana" is not a key');
    expect((screen.getByRole('button', { name: 'Save shortcut' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Super+Alt+K' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save shortcut' }));
    await screen.findByText('Super+Alt+K', { selector: 'kbd' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the shortcut' }));
    await screen.findByText('No global shortcut.', { exact: false });
    fireEvent.change(screen.getByLabelText('Open file paths in'), { target: { value: 'cursor' } });
    await screen.findByText('Saved.');
    expect(patches(api)).toEqual([
      { ui: { shortcut: 'Super+Alt+K' } },
      { ui: { shortcut: null } },
      { ui: { editor: 'cursor' } },
    ]);
  });

  it('in the browser shows the editor only: the global shortcut is an Electron setting', async () => {
    renderWith(fakeApi(), <AppSettingsCard electron={false} />);
    await screen.findByLabelText('Open file paths in');
    expect(screen.queryByLabelText('Global shortcut that opens Search')).toBeNull();
    expect(document.body.textContent).not.toContain('shortcut');
  });
});
