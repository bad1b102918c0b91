import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ErrorBox, Loading } from '@/components/ui';
import { PROVIDER_CHOICES } from './ProviderPicker';

const time = (ms: number): string => new Date(ms).toLocaleTimeString();

/** The compression provider in force and its health: rate-limited until when, the last error. */
export function ProviderHealthCard() {
  const api = useApi();
  const p = useResource(
    () => api.getProvider(),
    'provider',
    (ev) => ev.name === 'queue' || ev.name === 'settings',
    1000,
  );
  const d = p.data;
  return (
    <div className="card" role="region" aria-label="Compression provider">
      <h3>Compression provider</h3>
      {p.error !== undefined && <ErrorBox error={p.error} onRetry={p.reload} />}
      {!d && p.loading && <Loading />}
      {d && (
        <>
          <p>
            {PROVIDER_CHOICES.find((c) => c.kind === d.kind)?.label ?? d.kind}{' '}
            {d.state === 'ok' && <Chip tone="ok">ok</Chip>}
            {d.state === 'failing' && <Chip tone="bad">failing</Chip>}
            {d.state === 'rate-limited' && <Chip tone="warn">rate-limited</Chip>}
          </p>
          {d.state === 'rate-limited' && d.waitUntil !== null && (
            <p className="meta" role="status">
              A rate or usage limit was hit: no model call until {time(d.waitUntil)}; memories wait in the
              queue (rule-based ones are already searchable).
            </p>
          )}
          {d.lastError && d.state !== 'ok' && (
            <p className="meta">
              Last error at {time(d.lastError.at)}: {d.lastError.message}
            </p>
          )}
          {d.lastOkAt !== null && <p className="meta">Last answer at {time(d.lastOkAt)}.</p>}
          {d.kind === 'claude-code' && !d.claude.found && (
            <p className="field-error">The claude CLI is not found (install Claude Code, or set its path).</p>
          )}
        </>
      )}
    </div>
  );
}
