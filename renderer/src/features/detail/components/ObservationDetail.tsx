import type { Observation } from '@shared/api';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ErrorBox, Loading } from '@/components/ui';
import { useEscape } from '@/components/useDebounced';
import { dateTime } from '@/format';
import { readable } from '../api/readable';
import { EditDiff } from './EditDiff';
import { FileLink } from './FileLink';

export function observationTitle(o: Pick<Observation, 'title' | 'toolName' | 'status'>): string {
  return o.title ?? `${o.toolName} call${o.status === 'pending' ? ' (not yet compressed)' : ''}`;
}

/** What MemTray's own rows are, in words (their tool names are internal labels). */
const MEMORY_KINDS: Record<string, string> = {
  'memtray:episode': 'turn summary',
  'memtray:decision': 'decision',
  'memtray:bugfix': 'bug fix',
  'memtray:compaction': 'compaction summary',
};
export const sourceLabel = (toolName: string): string =>
  MEMORY_KINDS[toolName] ?? (toolName.startsWith('memtray:') ? 'memory' : toolName);

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

/** Subtitle, narrative and facts, each line once. */
function Body({ o }: { o: Observation }) {
  const r = readable(o);
  return (
    <>
      {r.subtitle && <p className="subtitle">{r.subtitle}</p>}
      {r.lines.length > 0 && (
        <dl className="narrative">
          {r.lines.map((l, i) =>
            l.label ? (
              <div key={i}>
                <dt>{l.label}</dt>
                <dd>{l.text}</dd>
              </div>
            ) : (
              <dd key={i}>{l.text}</dd>
            ),
          )}
        </dl>
      )}
      {r.facts.length > 0 && (
        <>
          <h4>Facts</h4>
          <ul>
            {r.facts.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      )}
    </>
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
  // A remembered row's input is the text it was written from: shown already, in its own words.
  const memory = o?.toolName.startsWith('memtray:') ?? false;
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
            <Chip>{o.type ?? sourceLabel(o.toolName)}</Chip> {o.failed && <Chip tone="bad">failed</Chip>}{' '}
            {o.status !== 'processed' && <Chip tone="warn">{o.status}</Chip>} {dateTime(o.createdAt)}
            {o.type !== sourceLabel(o.toolName) && ` · ${sourceLabel(o.toolName)}`}
          </p>
          <Body o={o} />
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
          {!memory && <Raw label="Tool input" value={o.toolInput} />}
          {!memory && <Raw label="Tool response" value={o.toolResponse} />}
          <button type="button" className="link" onClick={() => props.onOpenSession(o.sessionId)}>
            Open the session →
          </button>
        </article>
      )}
    </section>
  );
}
