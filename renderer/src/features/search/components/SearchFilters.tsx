import type { Dispatch, SetStateAction } from 'react';
import { AGENT_IDS } from '@shared/contract/agents';
import { OBSERVATION_TYPES } from '@shared/contract/observations';

export { OBSERVATION_TYPES };

export interface Filters {
  project: string;
  agent: string;
  type: string;
  since: string;
  file: string;
}
export const NO_FILTERS: Filters = { project: '', agent: '', type: '', since: '', file: '' };

/** The search filters: project, agent, type, since, file. */
export function SearchFilters({
  filters,
  setFilters,
  projects,
}: {
  filters: Filters;
  setFilters: Dispatch<SetStateAction<Filters>>;
  projects: string[];
}) {
  const activeFilters = Object.values(filters).filter((v) => v !== '').length;
  return (
    <div className="filters">
      <label>
        Project
        <select value={filters.project} onChange={(e) => setFilters({ ...filters, project: e.target.value })}>
          <option value="">All projects</option>
          {projects.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        Agent
        <select value={filters.agent} onChange={(e) => setFilters({ ...filters, agent: e.target.value })}>
          <option value="">Any agent</option>
          {AGENT_IDS.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </label>
      <label>
        Type
        <select value={filters.type} onChange={(e) => setFilters({ ...filters, type: e.target.value })}>
          <option value="">Any type</option>
          {OBSERVATION_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </label>
      <label>
        Since
        <input
          type="date"
          value={filters.since}
          onChange={(e) => setFilters({ ...filters, since: e.target.value })}
        />
      </label>
      <label>
        File
        <input
          value={filters.file}
          placeholder="src/app.ts"
          onChange={(e) => setFilters({ ...filters, file: e.target.value })}
        />
      </label>
      {activeFilters > 0 && (
        <button type="button" className="link" onClick={() => setFilters(NO_FILTERS)}>
          Clear filters
        </button>
      )}
    </div>
  );
}
