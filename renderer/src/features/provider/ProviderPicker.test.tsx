import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderState } from '@shared/api';
import { fakeApi, settingsFixture } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { providerPatch } from './components/ProviderPicker';
import { ProviderHealthCard } from './components/HealthProvider';
import { ProviderView } from './components/Provider';

afterEach(cleanup);

const state = (over: Partial<ProviderState> = {}): ProviderState => ({
  kind: 'rules',
  state: 'ok',
  waitUntil: null,
  rateLimited: false,
  lastOkAt: null,
  lastError: null,
  claude: { found: true, path: '/usr/local/bin/claude' },
  ...over,
});

const updates = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter(([n]) => n === 'updateSettings').map(([, a]) => a[0]);

describe('ProviderPicker', () => {
  it('first run: claude found and no key → offers Claude Code; consent sets provider.kind', async () => {
    const api = fakeApi({ getProvider: async () => state() });
    renderWith(api, <ProviderView />);
    await screen.findByRole('region', { name: 'Use Claude Code' });
    expect(screen.getByText('/usr/local/bin/claude')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use Claude Code' }));
    await waitFor(() => expect(updates(api)).toEqual([{ provider: { kind: 'claude-code' } }]));
  });

  it('no offer once a choice was made, when a key is set, or when claude is not found', async () => {
    for (const [settings, st] of [
      [settingsFixture({ provider: { ...settingsFixture().provider, kind: 'rules' } }), state()],
      [settingsFixture({ apiKeySet: true, providerKind: 'anthropic' }), state()],
      [settingsFixture(), state({ claude: { found: false, path: null } })],
    ] as const) {
      const api = fakeApi({ getSettings: async () => settings, getProvider: async () => st });
      renderWith(api, <ProviderView />);
      await screen.findByRole('group', { name: 'Who writes the memories' });
      await waitFor(() => expect(api.calls.some(([n]) => n === 'getProvider')).toBe(true));
      expect(screen.queryByRole('region', { name: 'Use Claude Code' })).toBeNull();
      cleanup();
    }
  });

  it('an OpenAI-compatible endpoint: URL, model and an optional write-only key in one patch', async () => {
    const api = fakeApi({ getProvider: async () => state() });
    renderWith(api, <ProviderView />);
    fireEvent.click(await screen.findByRole('radio', { name: /OpenAI-compatible endpoint/ }));
    fireEvent.change(screen.getByLabelText('Model on the endpoint'), { target: { value: 'qwen2.5:7b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this provider' }));
    await waitFor(() =>
      expect(updates(api)).toContainEqual({
        provider: { kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b' },
      }),
    );
  });

  it('the endpoint fields start filled with the local default, valid; a wrong URL is said and not sent', async () => {
    const api = fakeApi({ getProvider: async () => state() });
    renderWith(api, <ProviderView />);
    fireEvent.click(await screen.findByRole('radio', { name: /OpenAI-compatible endpoint/ }));
    const url = screen.getByLabelText('Base URL') as HTMLInputElement;
    expect(url.value).toBe('http://127.0.0.1:11434/v1');
    expect(url.getAttribute('aria-invalid')).toBe('false');
    expect((screen.getByLabelText('Model on the endpoint') as HTMLInputElement).value).toBe('llama3.2');
    fireEvent.change(url, { target: { value: 'localhost:11434' } });
    expect(screen.getByText(/server's API root/).getAttribute('role')).toBe('alert');
    const use = screen.getByRole('button', { name: 'Use this provider' }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);
  });

  it('the model and budget card follows the provider: nothing for rules, the budget alone for an endpoint', async () => {
    const rules = fakeApi({ getProvider: async () => state() });
    renderWith(rules, <ProviderView />);
    await screen.findByText(/no model runs and no tokens are spent/);
    expect(screen.queryByLabelText('Daily token budget')).toBeNull();
    cleanup();
    const base = settingsFixture();
    const endpoint = fakeApi({
      getProvider: async () => state({ kind: 'openai-compatible' }),
      getSettings: async () =>
        settingsFixture({
          providerKind: 'openai-compatible',
          provider: { ...base.provider, kind: 'openai-compatible', baseUrl: 'http://h:1/v1', model: 'qwen' },
        }),
    });
    renderWith(endpoint, <ProviderView />);
    await screen.findByRole('heading', { name: 'Daily budget' });
    expect(screen.queryByLabelText('Claude model')).toBeNull();
    fireEvent.change(screen.getByLabelText('Daily token budget'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates(endpoint)).toEqual([{ provider: { dailyTokenBudget: 5000 } }]));
  });

  it('leaving an OpenAI-compatible endpoint clears its URL and model (the Anthropic key never goes there)', () => {
    const s = settingsFixture({
      providerKind: 'openai-compatible',
      provider: {
        ...settingsFixture().provider,
        kind: 'openai-compatible',
        baseUrl: 'http://h/v1',
        model: 'llama3.2',
      },
    });
    const f = { claudePath: '', baseUrl: '', model: '', key: '' };
    expect(providerPatch(s, 'anthropic', f)).toEqual({
      provider: { kind: 'anthropic', baseUrl: null, model: 'claude-haiku-4-5' },
    });
    expect(providerPatch(s, 'claude-code', { ...f, claudePath: ' /opt/claude ' })).toEqual({
      provider: { kind: 'claude-code', claudePath: '/opt/claude', baseUrl: null, model: 'claude-haiku-4-5' },
    });
  });

  it('Health of the provider in use: a rate limit is shown with its end', async () => {
    const api = fakeApi({
      getSettings: async () => settingsFixture({ providerKind: 'claude-code' }),
      getProvider: async () =>
        state({ kind: 'claude-code', state: 'rate-limited', rateLimited: true, waitUntil: 0 }),
    });
    renderWith(api, <ProviderView />);
    expect((await screen.findByText(/Rate-limited: waiting until/)).textContent).toBeTruthy();
  });
});

describe('Health: the provider card', () => {
  it('says the provider is rate-limited, until when, and why', async () => {
    const api = fakeApi({
      getProvider: async () =>
        state({
          kind: 'claude-code',
          state: 'rate-limited',
          rateLimited: true,
          waitUntil: 1_800_000_000_000,
          lastError: { at: 1_799_999_000_000, message: 'claude: HTTP 429: usage limit reached' },
        }),
    });
    renderWith(api, <ProviderHealthCard />);
    const card = await screen.findByRole('region', { name: 'Compression provider' });
    await waitFor(() => expect(card.textContent).toContain('rate-limited'));
    expect(card.textContent).toContain('Claude Code (your subscription)');
    expect(card.textContent).toContain('no model call until');
    expect(card.textContent).toContain('usage limit reached');
  });
});
