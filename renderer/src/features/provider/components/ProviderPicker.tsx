import { useId, useState } from 'react';
import type { ProviderKind, ProviderState, PublicSettings, SettingsPatch } from '@shared/api';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ErrorBox, SecretInput } from '@/components/ui';
import { SaveBar } from '@/components/SaveBar';
import { useSave } from '@/components/useSave';

/** The defaults an OpenAI-compatible endpoint starts with (a local Ollama): shown filled in, valid. */
export const OLLAMA_URL = 'http://127.0.0.1:11434/v1';
const OLLAMA_MODEL = 'llama3.2';
export const isApiRoot = (u: string): boolean => /^https?:\/\/\S+$/.test(u.trim());

/** Each choice with what it costs and what leaves the machine. */
export const PROVIDER_CHOICES: Array<{ kind: ProviderKind; label: string; about: string }> = [
  {
    kind: 'rules',
    label: 'Rules only',
    about: 'Free, nothing leaves this computer. Memories are short and mechanical.',
  },
  {
    kind: 'claude-code',
    label: 'Claude Code (your subscription)',
    about:
      'Runs your own claude CLI, signed in as you: no API key. Redacted, truncated tool calls go to Anthropic under your login and count against your plan’s limits.',
  },
  {
    kind: 'anthropic',
    label: 'Anthropic API (your key)',
    about: 'Redacted, truncated tool calls go to Anthropic; billed per token to your key (set it below).',
  },
  {
    kind: 'openai-compatible',
    label: 'OpenAI-compatible endpoint',
    about:
      'Ollama, LM Studio, llama.cpp server, OpenRouter… A local server keeps everything on this computer; a hosted one receives the redacted tool calls.',
  },
];

/** The patch that switches to `kind`: a Claude model for Claude, and never a local URL for the Anthropic key. */
export function providerPatch(
  s: PublicSettings,
  kind: ProviderKind,
  f: { claudePath: string; baseUrl: string; model: string; key: string },
): SettingsPatch {
  const claudeModel = s.provider.model.startsWith('claude') ? s.provider.model : 'claude-haiku-4-5';
  if (kind === 'openai-compatible') {
    return {
      provider: { kind, baseUrl: f.baseUrl.trim() || OLLAMA_URL, model: f.model.trim() || OLLAMA_MODEL },
      ...(f.key.trim() ? { openaiApiKey: f.key.trim() } : {}),
    };
  }
  const away = s.providerKind === 'openai-compatible' ? { baseUrl: null, model: claudeModel } : {};
  if (kind === 'claude-code') return { provider: { kind, claudePath: f.claudePath.trim() || null, ...away } };
  return { provider: { kind, ...away } };
}

function ClaudeStatus({ state }: { state: ProviderState | undefined }) {
  if (!state) return null;
  return state.claude.found ? (
    <p className="meta">
      <Chip tone="ok">found</Chip> <code className="path">{state.claude.path}</code>
    </p>
  ) : (
    <p className="meta">
      <Chip tone="warn">not found</Chip> Install Claude Code and sign in once, or give the path of{' '}
      <code>claude</code>.
    </p>
  );
}

/** Who writes the memories: the choice, its settings, and (first run) the offer to use Claude Code. */
export function ProviderPicker({ settings: s, onSaved }: { settings: PublicSettings; onSaved: () => void }) {
  const api = useApi();
  const ids = useId();
  const state = useResource(
    () => api.getProvider(),
    'provider',
    (ev) => ev.name === 'settings' || ev.name === 'queue',
    2000,
  );
  const [kind, setKind] = useState<ProviderKind>(s.providerKind);
  const [claudePath, setClaudePath] = useState(s.provider.claudePath ?? '');
  const openai = s.providerKind === 'openai-compatible';
  const [baseUrl, setBaseUrl] = useState((openai ? s.provider.baseUrl : null) ?? OLLAMA_URL);
  const [model, setModel] = useState(openai ? s.provider.model : OLLAMA_MODEL);
  const urlOk = kind !== 'openai-compatible' || isApiRoot(baseUrl);
  const [key, setKey] = useState('');
  const save = useSave();
  const offer = s.provider.kind === null && !s.apiKeySet && state.data?.claude.found === true;
  const apply = (patch: SettingsPatch) =>
    save.run(() =>
      api.updateSettings(patch).then(() => {
        setKey('');
        onSaved();
      }),
    );
  const dirty =
    kind !== s.providerKind ||
    key.trim() !== '' ||
    (kind === 'claude-code' && (claudePath.trim() || null) !== s.provider.claudePath) ||
    (kind === 'openai-compatible' &&
      (baseUrl.trim() !== (s.provider.baseUrl ?? '') || model.trim() !== s.provider.model));
  const edit = (fn: () => void) => {
    fn();
    save.reset();
  };

  return (
    <>
      {offer && (
        <div className="card" role="region" aria-label="Use Claude Code">
          <h3>Use Claude Code for memories?</h3>
          <p>
            Claude Code is installed (<code className="path">{state.data?.claude.path}</code>). MemTray can
            write its memories and summaries with it, through your own login: no API key. Each batch of tool
            calls, redacted and truncated, is sent to Anthropic that way and counts against your plan’s
            limits. You can change this any time.
          </p>
          <div className="row">
            <button
              type="button"
              className="primary"
              onClick={() => apply({ provider: { kind: 'claude-code' } })}
            >
              Use Claude Code
            </button>
            <button type="button" onClick={() => apply({ provider: { kind: 'rules' } })}>
              Not now
            </button>
          </div>
        </div>
      )}
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          apply(providerPatch(s, kind, { claudePath, baseUrl, model, key }));
        }}
      >
        <fieldset>
          <legend>Who writes the memories</legend>
          {PROVIDER_CHOICES.map((c) => (
            <div key={c.kind} className="choice">
              <label>
                <input
                  type="radio"
                  name={`${ids}-kind`}
                  value={c.kind}
                  checked={kind === c.kind}
                  aria-describedby={`${ids}-${c.kind}-about`}
                  onChange={() => edit(() => setKind(c.kind))}
                />{' '}
                <strong>{c.label}</strong>
              </label>{' '}
              {s.providerKind === c.kind && <Chip tone="info">in use</Chip>}
              <p className="meta" id={`${ids}-${c.kind}-about`}>
                {c.about}
              </p>
            </div>
          ))}
        </fieldset>
        {kind === 'claude-code' && (
          <>
            <ClaudeStatus state={state.data} />
            <label htmlFor={`${ids}-claude`}>Path of claude (optional)</label>
            <input
              id={`${ids}-claude`}
              value={claudePath}
              placeholder="claude on PATH"
              spellCheck={false}
              onChange={(e) => edit(() => setClaudePath(e.target.value))}
            />
          </>
        )}
        {kind === 'openai-compatible' && (
          <>
            <label htmlFor={`${ids}-url`}>Base URL</label>
            <input
              id={`${ids}-url`}
              value={baseUrl}
              spellCheck={false}
              aria-invalid={!urlOk}
              onChange={(e) => edit(() => setBaseUrl(e.target.value))}
            />
            {!urlOk && (
              <p className="field-error" role="alert">
                Enter the server&apos;s API root, e.g. {OLLAMA_URL}.
              </p>
            )}
            <label htmlFor={`${ids}-oa-model`}>Model on the endpoint</label>
            <input
              id={`${ids}-oa-model`}
              value={model}
              spellCheck={false}
              onChange={(e) => edit(() => setModel(e.target.value))}
            />
            <label htmlFor={`${ids}-oa-key`}>
              API key {s.openaiApiKeySet ? '(set; type to replace)' : '(optional: none for a local server)'}
            </label>
            <SecretInput id={`${ids}-oa-key`} value={key} onChange={(v) => edit(() => setKey(v))} />
          </>
        )}
        {state.data && state.data.state !== 'ok' && state.data.kind === s.providerKind && (
          <p className="field-error" role="status">
            {state.data.state === 'rate-limited'
              ? `Rate-limited: waiting until ${new Date(state.data.waitUntil ?? 0).toLocaleTimeString()}.`
              : `Last call failed: ${state.data.lastError?.message ?? 'unknown error'}`}
          </p>
        )}
        <SaveBar save={save} dirty={Boolean(dirty)} label="Use this provider" disabled={!urlOk} />
      </form>
      {state.error !== undefined && <ErrorBox error={state.error} onRetry={state.reload} />}
    </>
  );
}
