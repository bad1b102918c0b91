import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmbeddingsStatus } from '@shared/contract/embeddings';
import { fakeApi, settingsFixture } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { EmbeddingsSection } from './components/Embeddings';
import { EmbeddingsCard } from './components/HealthEmbeddings';

afterEach(cleanup);

const status = (over: Partial<EmbeddingsStatus> = {}): EmbeddingsStatus => ({
  state: 'off',
  kind: 'none',
  model: 'nomic-embed-text',
  dimensions: null,
  embedded: 0,
  total: 0,
  lastError: null,
  lastErrorAt: null,
  queryError: null,
  queryErrorAt: null,
  retryAt: null,
  ...over,
});

describe('EmbeddingsSection', () => {
  it('switches semantic search on with a local server, the key sent write-only', async () => {
    const api = fakeApi();
    api.getEmbeddings = async () => status();
    renderWith(api, <EmbeddingsSection settings={settingsFixture()} reload={() => {}} />);
    await screen.findByText('off');
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'openai-compatible' } });
    // Filled with the local default and valid, not an empty field with a grey hint.
    expect((screen.getByLabelText('Base URL') as HTMLInputElement).value).toBe('http://127.0.0.1:11434/v1');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'not a url' } });
    expect(screen.getByRole('alert').textContent).toMatch(/API root/);
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'http://127.0.0.1:11434/v1' } });
    fireEvent.change(screen.getByLabelText(/Key/), { target: { value: 'sk-local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save embeddings' }));
    await waitFor(() =>
      expect(api.calls.find(([n]) => n === 'updateSettings')?.[1]).toEqual([
        {
          embeddings: {
            kind: 'openai-compatible',
            baseUrl: 'http://127.0.0.1:11434/v1',
            model: 'nomic-embed-text',
          },
          embeddingsKey: 'sk-local',
        },
      ]),
    );
  });

  it('shows progress while indexing and why it stopped', async () => {
    const api = fakeApi();
    api.getEmbeddings = async () =>
      status({
        state: 'error',
        kind: 'openai-compatible',
        embedded: 40,
        total: 100,
        dimensions: 768,
        lastError: '127.0.0.1:11434 answered HTTP 503',
      });
    const on = settingsFixture({
      embeddings: {
        kind: 'openai-compatible',
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'nomic-embed-text',
        dimensions: null,
        batchSize: 32,
      },
    });
    renderWith(api, <EmbeddingsSection settings={on} reload={() => {}} />);
    await screen.findByText(/40 of 100 memories embedded \(768 dimensions\)/);
    expect(screen.getByRole('alert').textContent).toMatch(/HTTP 503/);
    expect(screen.getByRole('button', { name: 'Embed everything again' })).toBeTruthy();
  });
});

describe('EmbeddingsCard (Health)', () => {
  it('says semantic search is off and where to turn it on, and why a search fell back when on', async () => {
    const api = fakeApi();
    let s = status();
    let answered = 0;
    api.getEmbeddings = async () => {
      answered++;
      return s;
    };
    const { container, unmount } = renderWith(api, <EmbeddingsCard />);
    await waitFor(() => expect(answered).toBe(1));
    await screen.findByText(/Off: search finds memories by their words only/);
    expect(container.textContent).toContain('Settings › Embeddings');
    unmount();
    s = status({
      state: 'ready',
      kind: 'voyage',
      embedded: 10,
      total: 10,
      queryError: 'search ran lexical only: api.voyageai.com did not answer in time',
    });
    renderWith(api, <EmbeddingsCard />);
    await screen.findByText(/did not answer in time/);
    expect(screen.getByText('ready')).toBeTruthy();
  });
});
