import { useEffect, useId, useState } from 'react';
import type { EmbeddingsSettings, PublicSettings } from '@shared/api';
import type { EmbeddingsStatus } from '@shared/contract/embeddings';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ErrorBox, Progress, SecretInput } from '@/components/ui';
import { SaveBar } from '@/components/SaveBar';
import { useSave } from '@/components/useSave';
import { useServerForm } from '@/components/useServerForm';
import { isApiRoot, OLLAMA_URL } from '@/features/provider';

const KINDS: Array<{ value: EmbeddingsSettings['kind']; label: string }> = [
  { value: 'none', label: 'Off (words only)' },
  { value: 'openai-compatible', label: 'OpenAI-compatible (Ollama, LM Studio, OpenAI, …)' },
  { value: 'voyage', label: 'Voyage AI' },
];

const TONE: Record<EmbeddingsStatus['state'], 'ok' | 'warn' | 'bad' | 'info'> = {
  off: 'info',
  ready: 'ok',
  indexing: 'info',
  error: 'bad',
  unavailable: 'bad',
};

export function StatusLine({ s }: { s: EmbeddingsStatus }) {
  return (
    <div aria-label="Embeddings status">
      <p className="meta">
        <Chip tone={TONE[s.state]}>{s.state}</Chip>{' '}
        {s.state !== 'off' && (
          <>
            {s.embedded.toLocaleString()} of {s.total.toLocaleString()} memories embedded
            {s.dimensions !== null ? ` (${s.dimensions} dimensions)` : ''}
          </>
        )}
      </p>
      {s.state === 'indexing' && <Progress value={s.embedded} max={s.total} label="Embedding progress" />}
      {s.lastError !== null && s.state !== 'off' && (
        <p className="field-error" role="alert">
          {s.lastError}
          {s.retryAt !== null ? ` — retrying at ${new Date(s.retryAt).toLocaleTimeString()}` : ''}
        </p>
      )}
      {s.queryError !== null && s.state !== 'off' && <p className="meta">{s.queryError}</p>}
    </div>
  );
}

/** Semantic search: provider, base URL, model, key (write-only), and the indexing state. */
export function EmbeddingsSection({ settings, reload }: { settings: PublicSettings; reload: () => void }) {
  const api = useApi();
  const ids = useId();
  const status = useResource(
    () => api.getEmbeddings(),
    'embeddings',
    (ev) => ev.name === 'settings' || ev.name === 'observation',
    2000,
  );
  const e = settings.embeddings;
  const [form, setForm] = useServerForm(e);
  const [key, setKey] = useState('');
  const save = useSave();
  // While vectors are being computed, the bar follows (a timer only while there is work).
  const indexing = status.data?.state === 'indexing';
  const reloadStatus = status.reload;
  useEffect(() => {
    if (!indexing) return;
    const t = setInterval(reloadStatus, 2000);
    return () => clearInterval(t);
  }, [indexing, reloadStatus]);
  const set = (patch: Partial<EmbeddingsSettings>): void => {
    const next = { ...form, ...patch };
    // Switching to an OpenAI-compatible server starts from the local default, filled in.
    if (patch.kind === 'openai-compatible' && !next.baseUrl) next.baseUrl = OLLAMA_URL;
    setForm(next);
    save.reset();
  };
  const urlOk = form.kind !== 'openai-compatible' || isApiRoot(form.baseUrl ?? '');
  const dirty = JSON.stringify(form) !== JSON.stringify(e) || key.trim() !== '';
  return (
    <form
      className="card form"
      aria-label="Embeddings"
      onSubmit={(ev) => {
        ev.preventDefault();
        if (!urlOk || !form.model.trim()) return;
        const k = key.trim();
        save.run(() =>
          api
            .updateSettings({
              embeddings: {
                kind: form.kind,
                baseUrl: form.baseUrl?.trim() ?? null,
                model: form.model.trim(),
              },
              ...(k ? { embeddingsKey: k } : {}),
            })
            .then(() => {
              setKey('');
              reload();
              status.reload();
            }),
        );
      }}
    >
      <h3>Embeddings (semantic search)</h3>
      <p className="meta">
        Finds memories by meaning as well as by words. Memory text is sent to the provider you choose: a local
        server keeps it on this machine.
      </p>
      {status.data && <StatusLine s={status.data} />}
      {status.error !== undefined && <ErrorBox error={status.error} onRetry={status.reload} />}
      <label htmlFor={`${ids}-kind`}>Provider</label>
      <select
        id={`${ids}-kind`}
        value={form.kind}
        onChange={(ev) => set({ kind: ev.target.value as EmbeddingsSettings['kind'] })}
      >
        {KINDS.map((k) => (
          <option key={k.value} value={k.value}>
            {k.label}
          </option>
        ))}
      </select>
      {form.kind !== 'none' && (
        <>
          {form.kind === 'openai-compatible' && (
            <>
              <label htmlFor={`${ids}-url`}>Base URL</label>
              <input
                id={`${ids}-url`}
                value={form.baseUrl ?? ''}
                aria-invalid={!urlOk}
                spellCheck={false}
                onChange={(ev) => set({ baseUrl: ev.target.value === '' ? null : ev.target.value })}
              />
            </>
          )}
          <label htmlFor={`${ids}-model`}>Embedding model</label>
          <input id={`${ids}-model`} value={form.model} onChange={(ev) => set({ model: ev.target.value })} />
          <label htmlFor={`${ids}-key`}>
            {settings.embeddingsKeySet
              ? 'Replace the key (stored, never shown)'
              : 'Key (optional for local servers)'}
          </label>
          <SecretInput
            id={`${ids}-key`}
            value={key}
            onChange={(v) => {
              setKey(v);
              save.reset();
            }}
          />
        </>
      )}
      {!urlOk && (
        <p className="field-error" role="alert">
          Enter the server&apos;s API root, e.g. {OLLAMA_URL}.
        </p>
      )}
      <SaveBar save={save} dirty={dirty} label="Save embeddings" disabled={!urlOk} />
      {status.data && status.data.state !== 'off' && (
        <button
          type="button"
          className="link"
          onClick={() => save.run(() => api.reindexEmbeddings().then(status.reload))}
        >
          Embed everything again
        </button>
      )}
    </form>
  );
}
