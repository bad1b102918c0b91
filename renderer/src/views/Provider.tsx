import { useId, useState } from 'react';
import type { PublicSettings } from '../../../electron/shared/api';
import { useApi } from '../api/context';
import { useResource } from '../api/resource';
import { Chip, ErrorBox, Loading } from '../components/ui';
import { SaveBar } from '../components/SaveBar';
import { useSave } from '../components/useSave';
import { ProviderPicker } from './ProviderPicker';
import { UsagePanel } from './Usage';
import { KeyChip, KeyTest } from '../features/provider/components/KeyHealth';

const MODELS = ['claude-haiku-4-5', 'claude-sonnet-4-5', 'claude-opus-4-1'];

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
  const [model, setModel] = useState('');
  const [budget, setBudget] = useState('');
  const keySave = useSave();
  const save = useSave();
  const s = settings.data;
  const [formOf, setFormOf] = useState<PublicSettings | undefined>(undefined);
  if (s && s !== formOf) {
    setFormOf(s);
    setModel(s.provider.model);
    setBudget(String(s.provider.dailyTokenBudget));
  }
  const budgetNum = Number(budget);
  const budgetOk = budget.trim() !== '' && Number.isInteger(budgetNum) && budgetNum >= 0;
  const dirty = s && (model.trim() !== s.provider.model || budgetNum !== s.provider.dailyTokenBudget);

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
              <input
                id={`${ids}-key`}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={key}
                placeholder="sk-ant-…"
                onChange={(e) => {
                  setKey(e.target.value);
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
          <form
            className="card form"
            onSubmit={(e) => {
              e.preventDefault();
              if (!budgetOk || !model.trim()) return;
              save.run(() =>
                api
                  .updateSettings({ provider: { model: model.trim(), dailyTokenBudget: budgetNum } })
                  .then(settings.reload),
              );
            }}
          >
            <h3>Model and budget</h3>
            <label htmlFor={`${ids}-model`}>Model</label>
            <input
              id={`${ids}-model`}
              list={`${ids}-models`}
              value={model}
              onChange={(e) => {
                setModel(e.target.value);
                save.reset();
              }}
            />
            <datalist id={`${ids}-models`}>
              {MODELS.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
            <label htmlFor={`${ids}-budget`}>Daily token budget</label>
            <input
              id={`${ids}-budget`}
              type="number"
              min={0}
              step={1000}
              inputMode="numeric"
              value={budget}
              aria-invalid={!budgetOk}
              onChange={(e) => {
                setBudget(e.target.value);
                save.reset();
              }}
            />
            {!budgetOk && (
              <p className="field-error" role="alert">
                Enter a whole number of tokens (0 stops compression).
              </p>
            )}
            <SaveBar save={save} dirty={dirty} label="Save" disabled={!budgetOk} />
          </form>
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
