import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ErrorBox, Loading } from '@/components/ui';
import { ago, size } from '@/format';

/** Database size and growth, integrity, retention: `GET /api/maintenance`. */
export function StorageCard() {
  const api = useApi();
  const r = useResource(() => api.getStorage(), 'storage');
  const d = r.data;
  const bad = d && ((d.storage && !d.storage.ok) || (d.integrity && !d.integrity.ok));
  return (
    <div className="card">
      <h3>Storage</h3>
      {r.error !== undefined && <ErrorBox error={r.error} onRetry={r.reload} />}
      {!d && r.loading && <Loading />}
      {d && (
        <>
          <p className="meta">
            <Chip tone={bad ? 'bad' : 'ok'}>{bad ? 'problem' : 'healthy'}</Chip>{' '}
            {d.integrity ? `checked ${ago(d.integrity.checkedAt)}` : 'integrity not checked yet'}
            {d.storage?.lowDisk && (
              <>
                {' '}
                <Chip tone="warn">low disk</Chip>
              </>
            )}
          </p>
          {bad && d.storage?.message && <p className="field-error">{d.storage.message}</p>}
          <dl className="stats">
            <div>
              <dt>Database</dt>
              <dd>{size(d.sizes.db + d.sizes.wal)}</dd>
            </div>
            <div>
              <dt>Growth</dt>
              <dd>{d.growth?.bytesPerDay != null ? `${size(d.growth.bytesPerDay)}/day` : '—'}</dd>
            </div>
            <div>
              <dt>Raw payloads kept</dt>
              <dd>{d.retention.rawDays === null ? 'forever' : `${d.retention.rawDays} days`}</dd>
            </div>
          </dl>
          {d.growth?.bytesPerDay == null && (
            <p className="meta">Growth per day shows once maintenance has sampled the size for a day.</p>
          )}
        </>
      )}
    </div>
  );
}
