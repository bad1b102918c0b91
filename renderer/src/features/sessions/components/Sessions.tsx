import { useState } from 'react';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { useListMemory } from '@/components/useListMemory';
import { useDebounced } from '@/components/useDebounced';
import { useKept } from '@/components/useKept';
import { useSessionPages } from '../api/useSessionPages';
import { SessionList } from './SessionList';
import { Drilldown, useDrilldown } from '@/features/detail';

/** Sessions per project, newest first; live as sessions, observations and summaries arrive. */
export function SessionsView() {
  const api = useApi();
  const [project, setProject] = useState('');
  const { detail, open } = useDrilldown();
  const projects = useResource(
    () => api.listProjects(),
    'projects',
    (ev) => ev.name === 'project' || ev.name === 'session',
    1000,
  );

  const [filter, setFilter] = useKept('sessions.filter', '');
  const list = useSessionPages(project, useDebounced(filter, 200));
  const remember = useListMemory(detail !== null);
  const openSession = (id: number): void => {
    remember();
    open({ kind: 'session', id });
  };

  if (detail) return <Drilldown detail={detail} list="sessions" onDeleted={list.forgetSession} />;

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
      <SessionList project={project} list={list} filter={filter} onFilter={setFilter} onOpen={openSession} />
    </section>
  );
}
