import { useState } from 'react';
import type { PeerStatus } from '@shared/contract/sync';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ErrorBox, Loading } from '@/components/ui';
import { useSave } from '@/components/useSave';
import { ago, num, size } from '@/format';
import { SyncDeletions } from './HealthSyncDeletions';

function Peer({ p }: { p: PeerStatus }) {
  return (
    <li>
      <div className="row spread">
        <span>
          <Chip tone={p.error ? 'bad' : p.lagBytes > 0 ? 'warn' : 'ok'}>
            {p.error ? 'problem' : p.lagBytes > 0 ? 'catching up' : 'in sync'}
          </Chip>{' '}
          {p.name ?? p.machine}
        </span>
        <span className="meta">last seen {ago(p.lastSeenAt)}</span>
      </div>
      <p className="meta">
        {num(p.records)} records applied{p.lagBytes > 0 && ` · ${size(p.lagBytes)} to read`}
      </p>
      {p.error && <p className="field-error">{p.error}</p>}
    </li>
  );
}

/** Sync through a folder (Syncthing, Dropbox, git): the folder, this machine, and every peer. */
export function SyncCard() {
  const api = useApi();
  const st = useResource(
    () => api.getSync(),
    'sync',
    (ev) => ev.name === 'settings',
    1000,
  );
  const [folder, setFolder] = useState<string | null>(null);
  const save = useSave();
  const now = useSave();
  const s = st.data;
  const value = folder ?? s?.folder ?? '';
  const set = (f: string | null): void =>
    save.run(() =>
      api.updateSettings({ sync: { folder: f } }).then(() => {
        setFolder(null);
        st.reload();
      }),
    );
  return (
    <div className="card">
      <h3>Sync</h3>
      {st.error !== undefined && <ErrorBox error={st.error} onRetry={st.reload} />}
      {!s && st.loading && <Loading />}
      {s && (
        <>
          <p className="meta">
            <Chip tone={!s.enabled ? 'info' : s.error ? 'bad' : 'ok'}>
              {!s.enabled ? 'off' : s.error ? 'problem' : 'on'}
            </Chip>{' '}
            this machine: {s.machine}
            {s.enabled && ` · ${num(s.pending)} changes waiting · last write ${ago(s.lastWriteAt)}`}
          </p>
          <p className="small">
            A folder another tool keeps in sync across your machines. Each machine writes only its own files
            there and reads the others’.
          </p>
          <div className="row">
            <input
              aria-label="Sync folder"
              placeholder="/home/me/Sync"
              value={value}
              onChange={(e) => setFolder(e.target.value)}
            />
            <button
              type="button"
              disabled={save.busy || !/^(\/|[A-Za-z]:[\\/])/.test(value.trim())}
              onClick={() => set(value.trim())}
            >
              Save
            </button>
            {s.enabled && (
              <button type="button" disabled={save.busy} onClick={() => set(null)}>
                Turn off
              </button>
            )}
          </div>
          {save.error !== undefined && <ErrorBox error={save.error} />}
          {s.error && <p className="field-error">{s.error}</p>}
          {s.enabled && (
            <>
              <dl className="stats">
                <div>
                  <dt>This machine’s files</dt>
                  <dd>{size(s.ownBytes)}</dd>
                </div>
                <div>
                  <dt>Folder</dt>
                  <dd>{size(s.folderBytes)}</dd>
                </div>
                <div>
                  <dt>Peers</dt>
                  <dd>{num(s.peers.length)}</dd>
                </div>
              </dl>
              {s.peers.length > 0 && (
                <ul className="imports" aria-label="Peer machines">
                  {s.peers.map((p) => (
                    <Peer key={p.machine} p={p} />
                  ))}
                </ul>
              )}
              <SyncDeletions s={s} onChange={st.reload} />
              <button
                type="button"
                disabled={now.busy}
                onClick={() => now.run(() => api.runSync().then(st.reload))}
              >
                Sync now
              </button>
              {now.error !== undefined && <ErrorBox error={now.error} />}
            </>
          )}
        </>
      )}
    </div>
  );
}
