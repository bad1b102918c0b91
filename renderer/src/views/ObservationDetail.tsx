import type { Observation } from '../../../electron/shared/api';
import { useApi } from '../api/context';
import { useResource } from '../api/resource';
import { Chip, ErrorBox, Loading } from '../components/ui';
import { useEscape } from '../components/useDebounced';
import { dateTime } from '../format';
import { shownFacts } from '../features/sessions/api/facts';
import { EditDiff } from '../features/sessions/components/EditDiff';
import { FileLink } from '../features/sessions/components/FileLink';

export function observationTitle(o: Pick<Observation, 'title' | 'toolName' | 'status'>): string {
  return o.title ?? `${o.toolName} call${o.status === 'pending' ? ' (not yet compressed)' : ''}`;
}

function Files({ label, files }: { label: string; files: string[] }) {
  if (files.length === 0) return null;
  return (
    <div>
      <h4>{label}</h4>
      <ul className="files">
        {files.map((f) => (
          <li key={f}>
            <FileLink path={f} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Raw({ label, value }: { label: string; value: unknown }) {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <details className="raw">
      <summary>{label}</summary>
      <pre>{text.length > 20_000 ? `${text.slice(0, 20_000)}\n… (${text.length} characters)` : text}</pre>
    </details>
  );
}

export function ObservationDetail(props: {
  id: number;
  onBack: () => void;
  onOpenSession: (id: number) => void;
}) {
  const api = useApi();
  useEscape(props.onBack);
  const r = useResource(
    () => api.getObservation(props.id),
    `obs-${props.id}`,
    (ev) => ev.name === 'observation' && ev.data.id === props.id,
  );
  const o = r.data;
  return (
    <section className="view detail" aria-label="Observation">
      <button type="button" className="back" onClick={props.onBack} autoFocus>
        ← Back
      </button>
      {r.error !== undefined && <ErrorBox error={r.error} onRetry={r.reload} />}
      {!o && r.loading && <Loading />}
      {o && (
        <article>
          <h2>{observationTitle(o)}</h2>
          <p className="meta">
            <Chip>{o.type ?? o.toolName}</Chip> {o.failed && <Chip tone="bad">failed</Chip>}{' '}
            {o.status !== 'processed' && <Chip tone="warn">{o.status}</Chip>} {dateTime(o.createdAt)} ·{' '}
            {o.toolName}
          </p>
          {o.subtitle && <p className="subtitle">{o.subtitle}</p>}
          {o.narrative && <p>{o.narrative}</p>}
          {shownFacts(o.facts).length > 0 && (
            <>
              <h4>Facts</h4>
              <ul>
                {shownFacts(o.facts).map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </>
          )}
          <Files label="Files read" files={o.filesRead} />
          <Files label="Files modified" files={o.filesModified} />
          {o.concepts.length > 0 && (
            <p className="chips">
              {o.concepts.map((c) => (
                <Chip key={c}>{c}</Chip>
              ))}
            </p>
          )}
          <EditDiff o={o} />
          <Raw label="Tool input" value={o.toolInput} />
          <Raw label="Tool response" value={o.toolResponse} />
          <button type="button" className="link" onClick={() => props.onOpenSession(o.sessionId)}>
            Open the session →
          </button>
        </article>
      )}
    </section>
  );
}
