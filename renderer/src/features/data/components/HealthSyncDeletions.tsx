import type { SyncStatus } from '@shared/contract/sync';
import { useApi } from '@/api/context';
import { Chip, ErrorBox } from '@/components/ui';
import { useSave } from '@/components/useSave';
import { ago, num } from '@/format';

/**
 * Peers' deletions: those held for the user's decision (a peer deleting many sessions at once), and
 * the trash of what peers deleted, each restorable until it expires.
 */
export function SyncDeletions({ s, onChange }: { s: SyncStatus; onChange: () => void }) {
  const api = useApi();
  const act = useSave();
  const name = (m: string): string => s.peers.find((p) => p.machine === m)?.name ?? m;
  if (s.holds.length === 0 && s.trash.count === 0) return null;
  return (
    <>
      {s.holds.length > 0 && (
        <ul className="imports" aria-label="Held deletions">
          {s.holds.map((h) => (
            <li key={h.machine}>
              <p>
                <Chip tone="warn">waiting</Chip> {name(h.machine)} deleted {num(h.sessions)} sessions and{' '}
                {num(h.observations)} memories at once ({ago(h.since)}).
              </p>
              <div className="row">
                {(['apply', 'reject'] as const).map((d) => (
                  <button
                    key={d}
                    type="button"
                    disabled={act.busy}
                    onClick={() => act.run(() => api.decideSyncHold(h.machine, d).then(onChange))}
                  >
                    {d === 'apply' ? 'Delete them here too' : 'Keep them here'}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      {s.trash.count > 0 && (
        <ul className="imports" aria-label="Deleted by peers">
          {s.trash.items.map((t) => (
            <li key={t.id} className="row spread">
              <span>
                {t.kind === 'session' ? 'Session' : 'Memory'} “{t.title ?? t.uid}” in {t.project}, deleted by{' '}
                {name(t.machine)} {ago(t.trashedAt)}
              </span>
              <button
                type="button"
                disabled={act.busy}
                onClick={() => act.run(() => api.restoreSyncTrash(t.id).then(onChange))}
              >
                Restore
              </button>
            </li>
          ))}
        </ul>
      )}
      {act.error !== undefined && <ErrorBox error={act.error} />}
    </>
  );
}
