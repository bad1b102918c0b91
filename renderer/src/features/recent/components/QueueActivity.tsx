import { useApi } from '../../../api/context';
import { useResource } from '../../../api/resource';
import { num, plural } from '../../../format';

/** What compression is doing now: jobs in progress, waiting, failed (live on `queue` events). */
export function QueueActivity() {
  const api = useApi();
  const q = useResource(
    () => api.getQueue(),
    'queue',
    (ev) => ev.name === 'queue',
    500,
  );
  const d = q.data;
  if (!d) return null;
  const idle = d.leased === 0 && d.pending === 0;
  return (
    <p className="meta queue-activity" aria-label="Compression queue activity" role="status">
      <span className={`dot-inline ${idle ? 'idle' : 'busy'}`} aria-hidden="true" />
      {idle
        ? 'Compression idle: every memory is up to date.'
        : `Compressing ${num(d.leased)} now · ${num(d.pending)} waiting`}
      {d.failed > 0 && ` · ${plural(d.failed, 'failed job')} (see Health)`}
    </p>
  );
}
