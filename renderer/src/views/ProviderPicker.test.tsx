import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderState } from '../../../electron/shared/api';
import { fakeApi, settingsFixture } from '../test/fakeApi';
import { renderWith } from '../test/render';
import { providerPatch } from './ProviderPicker';
import { ProviderHealthCard } from './HealthProvider';
import { ProviderView } from './Provider';

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
