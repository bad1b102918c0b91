import { useId, useState } from 'react';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ErrorBox, Loading, SecretInput } from '@/components/ui';
import { useSave } from '@/components/useSave';
import { ProviderPicker } from './ProviderPicker';
import { UsagePanel } from './Usage';
import { ModelBudgetCard } from './ModelBudgetCard';
import { KeyChip, KeyTest } from './KeyHealth';

/** Provider choice, API key (write-only), model, daily token budget, usage by day. */
export function ProviderView() {
  const api = useApi();
  const ids = useId();
  const settings = useResource(
    () => api.getSettings(),
    'settings',
    (ev) => ev.name === 'settings' && ev.data.changed.includes('apiKey'),
  );
  const usage = useResource(
    () => api.getUsage(30),
    'usage',
    (ev) => ev.name === 'queue',
    3000,
  );
  const [key, setKey] = useState('');
  const keySave = useSave();
  const s = settings.data;

  return (
    <section className="view" aria-label="Provider">
      {settings.error !== undefined && <ErrorBox error={settings.error} onRetry={settings.reload} />}
      {!s && settings.loading && <Loading />}
      {s && (
        <>
          <ProviderPicker
            key={`${s.providerKind}:${s.provider.kind ?? 'auto'}`}
            settings={s}
            onSaved={settings.reload}
          />
          <form
            className="card form"
            onSubmit={(e) => {
              e.preventDefault();
              const v = key.trim();
              if (!v) return;
              keySave.run(() =>
                api.updateSettings({ apiKey: v }).then(() => {
                  setKey('');
                  settings.reload();
                }),
              );
            }}
          >
            <h3>Anthropic API key</h3>
            <p className="meta">
              {s.apiKeySet ? (
                <>
                  <KeyChip />{' '}
                  {s.apiKeySource === 'env'
                    ? 'from ANTHROPIC_API_KEY in the environment'
                    : 'stored on this machine (never shown again)'}
                </>
              ) : (
                <>
                  <Chip tone="warn">no key</Chip> Without a key, tool calls are kept raw and summarised by
                  simple rules.
                </>
              )}
            </p>
            {s.apiKeySet && <KeyTest />}
            <label htmlFor={`${ids}-key`}>{s.apiKeySet ? 'Replace the key' : 'API key'}</label>
            <div className="row">
              <SecretInput
                id={`${ids}-key`}
                value={key}
                placeholder="sk-ant-…"
                onChange={(v) => {
                  setKey(v);
                  keySave.reset();
                }}
              />
              <button type="submit" className="primary" disabled={!key.trim() || keySave.busy}>
                Save key
              </button>
            </div>
            {s.apiKeySource === 'settings' && (
              <button
                type="button"
                className="link danger-text"
                onClick={() => keySave.run(() => api.updateSettings({ apiKey: null }).then(settings.reload))}
              >
                Remove the stored key
              </button>
            )}
            {keySave.saved && (
              <p className="ok-note" role="status">
                Key updated.
              </p>
            )}
            {keySave.error !== undefined && <ErrorBox error={keySave.error} />}
          </form>
          <ModelBudgetCard settings={s} onSaved={settings.reload} />
        </>
      )}
      <div className="card">
        <h3>Usage by day</h3>
        {usage.error !== undefined && <ErrorBox error={usage.error} onRetry={usage.reload} />}
        {!usage.data && usage.loading && <Loading />}
        {usage.data && <UsagePanel usage={usage.data} />}
      </div>
    </section>
  );
}
