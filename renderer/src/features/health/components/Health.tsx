import { useApi, useLiveStatus } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ErrorBox, Loading } from '@/components/ui';
import { useSave } from '@/components/useSave';
import { duration, num, plural } from '@/format';
import { ServiceDown } from './ServiceDown';
import { LogsView } from '@/features/logs';
import { SectionNav } from '@/components/SectionNav';
import { HooksCard, ImportCard } from '@/features/capture';
import { ProviderHealthCard } from '@/features/provider';
import { EmbeddingsCard } from '@/features/embeddings';
import { StorageCard } from './HealthStorage';

function ServiceCard() {
  const api = useApi();
  const live = useLiveStatus();
  const st = useResource(
    () => api.status(),
    'status',
    (ev) => ev.name === 'event' || ev.name === 'queue',
    2000,
  );
  const s = st.data;
  return (
    <div className="card">
      <h3>Service</h3>
      {st.error !== undefined && <ErrorBox error={st.error} onRetry={st.reload} />}
      {!s && st.loading && <Loading />}
      {s && (
        <>
          <p className="meta">
            <Chip tone={s.ok ? 'ok' : 'bad'}>{s.ok ? 'running' : 'problem'}</Chip>{' '}
            <Chip tone={live === 'live' ? 'ok' : 'warn'}>
              {live === 'live' ? 'live updates' : `stream ${live}`}
            </Chip>{' '}
            {s.paused && <Chip tone="warn">capture paused</Chip>} v{s.version} · up {duration(s.uptimeMs)}
          </p>
          <dl className="stats">
            <div>
              <dt>Sessions</dt>
              <dd>{num(s.counts.sessions)}</dd>
            </div>
            <div>
              <dt>Observations</dt>
              <dd>{num(s.counts.observations)}</dd>
            </div>
            <div>
              <dt>Summaries</dt>
              <dd>{num(s.counts.summaries)}</dd>
            </div>
            <div>
              <dt>Events</dt>
              <dd>{num(s.counts.events)}</dd>
            </div>
          </dl>
          <p className="meta path" title={s.dataDir}>
            Data: {s.dataDir}
          </p>
          {(s.quarantined ?? 0) > 0 && (
            <p className="meta">
              <Chip tone="warn">{num(s.quarantined ?? 0)} quarantined</Chip> items failed once and are skipped
              (a transcript that is not a regular file or too big, a spool file that could not be read); the
              list with reasons is at <code>GET /api/health/quarantine</code>.
            </p>
          )}
        </>
      )}
    </div>
  );
}

export function QueueCard() {
  const api = useApi();
  const q = useResource(
    () => api.getQueue(),
    'queue',
    (ev) => ev.name === 'queue',
    500,
  );
  const retry = useSave();
  const d = q.data;
  return (
    <div className="card">
      <h3>Compression queue</h3>
      {q.error !== undefined && <ErrorBox error={q.error} onRetry={q.reload} />}
      {!d && q.loading && <Loading />}
      {d && (
        <>
          <dl className="stats">
            <div>
              <dt>Pending</dt>
              <dd>{num(d.pending)}</dd>
            </div>
            <div>
              <dt>Processing</dt>
              <dd>{num(d.leased)}</dd>
            </div>
            <div>
              <dt>Failed</dt>
              <dd className={d.failed > 0 ? 'bad' : ''}>{num(d.failed)}</dd>
            </div>
            <div>
              <dt>Done</dt>
              <dd>{num(d.done)}</dd>
            </div>
          </dl>
          {d.oldestPendingAgeMs !== null && d.pending > 0 && (
            <p className="meta">Oldest waiting for {duration(d.oldestPendingAgeMs)}.</p>
          )}
          {d.failedJobs.length > 0 && (
            <>
              <ul className="failed-jobs">
                {d.failedJobs.slice(0, 10).map((j) => (
                  <li key={j.id}>
                    <span>
                      {j.kind} #{j.subjectId} · {plural(j.attempts, 'attempt')}
                    </span>
                    {j.lastError && <span className="meta"> — {j.lastError.slice(0, 160)}</span>}{' '}
                    <button
                      type="button"
                      className="link"
                      onClick={() => retry.run(() => api.retryJobs([j.id]).then(q.reload))}
                    >
                      Retry
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                disabled={retry.busy}
                onClick={() => retry.run(() => api.retryJobs().then(q.reload))}
              >
                Retry all failed
              </button>
            </>
          )}
          {retry.error !== undefined && <ErrorBox error={retry.error} />}
        </>
      )}
    </div>
  );
}

export const HEALTH_SECTIONS = [
  { id: 'health', label: 'Status' },
  { id: 'logs', label: 'Logs' },
] as const;
export type HealthSection = (typeof HEALTH_SECTIONS)[number]['id'];

/** Service status, compression queue, storage, embeddings, hooks and transcript import; the logs. */
export function HealthView({
  section = 'health',
  onSection = () => undefined,
}: {
  section?: HealthSection;
  onSection?: (id: HealthSection) => void;
}) {
  const live = useLiveStatus();
  if (live === 'down')
    return (
      <section className="view" aria-label="Health">
        <ServiceDown />
      </section>
    );
  return (
    <div className="settings">
      <SectionNav label="Health sections" sections={HEALTH_SECTIONS} current={section} onSelect={onSection} />
      <div role="tabpanel" aria-labelledby={`section-${section}`}>
        {section === 'logs' ? (
          <LogsView />
        ) : (
          <section className="view" aria-label="Health">
            <ServiceCard />
            <QueueCard />
            <ProviderHealthCard />
            <StorageCard />
            <EmbeddingsCard />
            <HooksCard />
            <ImportCard />
          </section>
        )}
      </div>
    </div>
  );
}
