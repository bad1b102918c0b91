import { useEffect, useId, useRef, useState } from 'react';
import type { ContextDraft } from '@shared/contract/context';
import { useDebounced } from '@/components/useDebounced';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Empty, ErrorBox, Loading, Progress } from '@/components/ui';
import { num } from '@/format';
import { ContextSettings } from './ContextSettings';

const unsaved = (p: { settings: ContextDraft; built: ContextDraft }): boolean =>
  p.settings.tokenBudget !== p.built.tokenBudget || p.settings.maxSummaries !== p.built.maxSummaries;

/**
 * "What Claude will see": the exact SessionStart context for a chosen project (the text
 * `GET /api/context/inject` returns), its token count against the budget, and the settings that
 * shape it, editable in place.
 */
export function ContextView() {
  const api = useApi();
  const ids = useId();
  const projects = useResource(
    () => api.listProjects(),
    'projects',
    (ev) => ev.name === 'project',
    1000,
  );
  const [chosen, setChosen] = useState('');
  const items = [...(projects.data?.items ?? [])].sort(
    (a, b) => (b.lastActivityAt ?? b.createdAt) - (a.lastActivityAt ?? a.createdAt),
  );
  const project = chosen || items[0]?.name || '';
  // The form's values before they are saved: the preview follows them as they are typed.
  const [draft, setDraft] = useState<ContextDraft | null>(null);
  const asked = useDebounced(draft, 250);
  const preview = useResource(
    () => (project ? api.previewContext(project, ...(asked ? [asked] : [])) : Promise.resolve(null)),
    `preview|${project}`,
    (ev) =>
      ev.name === 'settings' ||
      ev.name === 'summary' ||
      ev.name === 'observation' ||
      (ev.name === 'project' && ev.data.name === project),
    1000,
  );
  const p = preview.data;
  const reloadPreview = preview.reload;
  const askedKey = JSON.stringify(asked);
  const shownFor = useRef(askedKey);
  useEffect(() => {
    if (askedKey === shownFor.current) return;
    shownFor.current = askedKey;
    reloadPreview();
  }, [askedKey, reloadPreview]);
  return (
    <section className="view" aria-label="What Claude will see">
      <div className="card explain">
        <h3>What Claude will see</h3>
        <p className="meta">
          At the start of each Claude Code session in a project, MemTray injects this text (SessionStart). It
          is exactly what the hook receives, within the token budget below.
        </p>
        <label htmlFor={`${ids}-p`}>Project</label>
        <select id={`${ids}-p`} value={project} onChange={(e) => setChosen(e.target.value)}>
          {items.map((x) => (
            <option key={x.name} value={x.name}>
              {x.name}
            </option>
          ))}
        </select>
      </div>
      {projects.error !== undefined && <ErrorBox error={projects.error} onRetry={projects.reload} />}
      {projects.data && items.length === 0 && (
        <Empty title="No projects yet">
          <p>
            Once Claude Code has worked in a project with MemTray's hooks installed (see <b>Health</b>), its
            context appears here.
          </p>
        </Empty>
      )}
      {preview.error !== undefined && <ErrorBox error={preview.error} onRetry={preview.reload} />}
      {project && !p && preview.loading && <Loading />}
      {p && (
        <>
          <ContextSettings current={p.settings} onDraft={setDraft} />
          <div className="card">
            <p className="meta" aria-label="Token count">
              <b>{num(p.tokens)}</b> of {num(p.built.tokenBudget)} tokens (MemTray's estimate)
              {unsaved(p) && ' — a preview of the settings not saved yet'}
            </p>
            <Progress value={p.tokens} max={p.built.tokenBudget} label="Tokens used of the budget" />
            {p.reason ? (
              <p className="warn-note">Nothing is injected: {p.reason}.</p>
            ) : (
              <pre className="context-text" aria-label="Injected context">
                {p.text}
              </pre>
            )}
          </div>
        </>
      )}
    </section>
  );
}
