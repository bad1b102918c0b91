import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicSettings } from '@shared/api';
import { fakeApi, settingsFixture } from '@/test/fakeApi';
import { ApiProvider } from '@/api/context';
import { ModelBudgetCard } from './components/ModelBudgetCard';

afterEach(cleanup);

const withKey = (over: Partial<PublicSettings['provider']> = {}): PublicSettings => {
  const s = settingsFixture({ providerKind: 'anthropic' });
  return { ...s, provider: { ...s.provider, ...over } };
};
/** The card with `s`, rendered again in place as a reload of the settings would. */
function mount(s: PublicSettings): (next: PublicSettings) => void {
  const api = fakeApi();
  const card = (x: PublicSettings) => (
    <ApiProvider api={api}>
      <ModelBudgetCard settings={x} onSaved={() => {}} />
    </ApiProvider>
  );
  const { rerender } = render(card(s));
  return (next) => rerender(card(next));
}
const value = (label: string): string => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('ModelBudgetCard', () => {
  it('keeps what the user is typing when the settings are read again', () => {
    const reload = mount(withKey());
    fireEvent.change(screen.getByLabelText('Daily token budget'), { target: { value: '123000' } });
    // The same settings again (a reload after another card saved): nothing changes.
    reload(withKey());
    expect(value('Daily token budget')).toBe('123000');
    // Other values from elsewhere: an edit in progress still stands.
    reload(withKey({ dailyTokenBudget: 50_000 }));
    expect(value('Daily token budget')).toBe('123000');
    expect((screen.getByRole('button', { name: /^Save$/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows new values from the server while the form is untouched', () => {
    const reload = mount(withKey());
    reload(withKey({ model: 'claude-sonnet-4-5' }));
    expect(value('Claude model')).toBe('claude-sonnet-4-5');
  });
});
