import { useState } from 'react';
import type { SessionListItem } from '../../../electron/shared/api';
import { useApi } from '../api/context';
import { useResource } from '../api/resource';
import { Chip, Empty, ErrorBox, Loading } from '../components/ui';
import { useListMemory } from '../components/useListMemory';
import { ago, plural } from '../format';
import { ObservationDetail } from './ObservationDetail';
import { SessionDetail } from './SessionDetail';

const PAGE = 30;

/** Sessions per project, newest first; live as sessions, observations and summaries arrive. */
export function SessionsView() {
  const api = useApi();
  const [project, setProject] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const [obsId, setObsId] = useState<number | null>(null);
  const [limit, setLimit] = useState(PAGE);
  const projects = useResource(
    () => api.listProjects(),
    'projects',
    (ev) => ev.name === 'project' || ev.name === 'session',
    1000,
  );
  const list = useResource(
    () => api.listSessions({ ...(project ? { project } : {}), limit }),
    `${project}|${limit}`,
    (ev) => ev.name === 'session' || ev.name === 'summary' || ev.name === 'observation',
    400,
  );

  const remember = useListMemory(openId !== null || obsId !== null);
  const openSession = (id: number): void => {
    remember();
    setOpenId(id);
  };

  if (obsId !== null)
    return (
      <ObservationDetail
        id={obsId}
        onBack={() => setObsId(null)}
        onOpenSession={(id) => {
          setObsId(null);
          setOpenId(id);
        }}
      />
    );
  if (openId !== null)
    return (
      <SessionDetail
        id={openId}
        onBack={() => setOpenId(null)}
        onDeleted={() => {
          setOpenId(null);
          list.reload();
        }}
        onOpenObservation={setObsId}
      />
    );

  const items: SessionListItem[] = list.data?.items ?? [];
  return (
    <section className="view" aria-label="Sessions">
      <div className="toolbar">
        <label>
          <span className="sr-only">Project</span>
          <select value={project} onChange={(e) => setProject(e.target.value)} aria-label="Project">
            <option value="">All projects</option>
            {(projects.data?.items ?? []).map((p) => (
              <option key={p.name} value={p.name}>
                {p.name} ({p.sessionCount})
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.error !== undefined && <ErrorBox error={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && items.length === 0 && (
        <Empty title={project ? `No sessions in ${project} yet` : 'No sessions yet'}>
          <p>
            Sessions appear here as soon as Claude Code runs with MemTray's hooks. Open <b>Health</b> to
            install the hooks, or import your past transcripts from there.
          </p>
        </Empty>
      )}
      {items.length > 0 && (
        <ul className="cards" aria-label="Sessions list">
          {items.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="card session-card"
                data-return-key={`session-${s.id}`}
                onClick={() => openSession(s.id)}
              >
                <span className="card-title">
                  {s.summaryRequest ?? s.firstPrompt ?? (
                    <span className="untitled">
                      Session {s.claudeSessionId.slice(0, 8)}{' '}
                      <span className="muted">· no prompt recorded</span>
                    </span>
                  )}
                </span>
                <span className="meta">
                  <Chip tone={s.status === 'completed' ? 'ok' : s.status === 'active' ? 'info' : undefined}>
                    {s.status}
                  </Chip>{' '}
                  {s.project} · {ago(s.updatedAt)} · {plural(s.observationCount, 'observation')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.data?.nextCursor && limit < 200 && (
        <button type="button" className="more" onClick={() => setLimit((l) => Math.min(200, l + PAGE))}>
          Show more sessions
        </button>
      )}
    </section>
  );
}
