import { useApi, useLiveStatus } from '@/api/context';
import { useResource } from '@/api/resource';
import { num, plural } from '@/format';

const JOB_TEXT = (j: {
  kind: string;
  subjectId: number;
  attempts: number;
  label?: string | null;
}): string => {
  const what = j.label
    ? `${j.kind === 'observe' ? '' : `${j.kind} of `}“${j.label}”`
    : j.kind === 'observe'
      ? `observation #${j.subjectId}`
      : j.kind === 'summarize'
        ? `summary of session #${j.subjectId}`
        : `${j.kind} #${j.subjectId}`;
  return j.attempts > 1 ? `${what} (attempt ${j.attempts})` : what;
};

/**
 * What compression is doing now: jobs in progress, waiting, failed (live on `queue` events). While
 * the service cannot be reached the last answer is stale: nothing is claimed about it then.
 */
export function QueueActivity() {
  const api = useApi();
  const live = useLiveStatus();
  const q = useResource(
    () => api.getQueue(),
    'queue',
    (ev) => ev.name === 'queue',
    500,
  );
  const d = q.data;
  if (live === 'down' || live === 'unauthorised')
    return (
      <p className="meta queue-activity" aria-label="Compression queue activity" role="status">
        <span className="dot-inline unknown" aria-hidden="true" />
        Compression status unknown: the service cannot be reached.
      </p>
    );
  if (!d) return null;
  const idle = d.leased === 0 && d.pending === 0;
  return (
    <p className="meta queue-activity" aria-label="Compression queue activity" role="status">
      <span className={`dot-inline ${idle ? 'idle' : 'busy'}`} aria-hidden="true" />
      {idle
        ? 'Compression idle: every memory is up to date.'
        : `Compressing ${num(d.leased)} now · ${num(d.pending)} waiting`}
      {d.failed > 0 && ` · ${plural(d.failed, 'failed job')} (see Health)`}
      {(d.activeJobs ?? []).length > 0 && (
        <span className="active-jobs">
          {' — '}
          {(d.activeJobs ?? []).map((j) => JOB_TEXT(j)).join(', ')}
        </span>
      )}
    </p>
  );
}
