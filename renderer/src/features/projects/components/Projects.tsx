import { useState } from 'react';
import type { Project } from '@shared/api';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ConfirmButton, Empty, ErrorBox, Loading, Toggle } from '@/components/ui';
import { PauseMenu, useCapture } from '@/features/capture';
import { ago, plural } from '@/format';

function ProjectRow({ p, paused, onChanged }: { p: Project; paused: boolean; onChanged: () => void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [note, setNote] = useState<string | null>(null);
  const toggle = (v: boolean): void => {
    setBusy(true);
    setError(undefined);
    api.setProjectCapture(p.name, v).then(
      () => {
        setBusy(false);
        onChanged();
      },
      (e: unknown) => {
        setBusy(false);
        setError(e);
      },
    );
  };
  return (
    <li className="card project">
      <div className="project-head">
        <div>
          <h3>{p.name}</h3>
          {p.rootPath && (
            <p className="meta path" title={p.rootPath}>
              {p.rootPath}
            </p>
          )}
        </div>
        <Toggle
          checked={p.captureEnabled}
          disabled={busy}
          onChange={toggle}
          label={`Capture ${p.name}`}
          hideLabel
        />
      </div>
      <p className="meta">
        {plural(p.sessionCount, 'session')} · {plural(p.observationCount, 'observation')} · last activity{' '}
        {ago(p.lastActivityAt ?? p.createdAt)}
      </p>
      {(!p.captureEnabled || paused || p.skippedEvents > 0) && (
        <p className="meta">
          {!p.captureEnabled && <Chip tone="warn">capture off</Chip>}{' '}
          {p.captureEnabled && paused && <Chip tone="warn">paused globally</Chip>}{' '}
          {p.skippedEvents > 0 && <span>{plural(p.skippedEvents, 'event')} skipped while off</span>}
        </p>
      )}
      {error !== undefined && <ErrorBox error={error} />}
      {note && (
        <p className="ok-note" role="status">
          {note}
        </p>
      )}
      {p.sessionCount > 0 && (
        <ConfirmButton
          label="Delete memories…"
          question={`Delete all ${plural(p.sessionCount, 'session')} of ${p.name} and everything learned from them? This cannot be undone.`}
          confirmLabel={`Delete ${p.name}'s memories`}
          onConfirm={() =>
            api.deleteProject(p.name).then((r) => {
              setNote(`Deleted ${plural(r.deletedSessions, 'session')}.`);
              onChanged();
            })
          }
        />
      )}
    </li>
  );
}

/** Every project seen: capture toggle, global pause, counts, last activity, delete memories. */
export function ProjectsView() {
  const api = useApi();
  const list = useResource(
    () => api.listProjects(),
    'projects',
    (ev) =>
      ev.name === 'project' ||
      ev.name === 'session' ||
      (ev.name === 'settings' && ev.data.changed.includes('paused')),
    400,
  );
  const capture = useCapture();
  const [pauseError, setPauseError] = useState<unknown>(undefined);
  const paused = list.data?.paused ?? false;
  const setPaused = (v: boolean): void => {
    setPauseError(undefined);
    api.updateSettings({ paused: v, ...(v ? {} : { pausedUntil: null }) }).then(list.reload, setPauseError);
  };
  return (
    <section className="view" aria-label="Projects">
      <div className={`card pause${paused ? ' paused' : ''}`}>
        <Toggle checked={paused} onChange={setPaused} label="Pause all capture" disabled={!list.data} />
        <p className="meta">
          {paused
            ? 'Nothing is being stored. Claude Code keeps working normally.'
            : 'MemTray stores every project whose capture is on.'}
        </p>
        {pauseError !== undefined && <ErrorBox error={pauseError} />}
        <PauseMenu capture={capture} />
      </div>
      {list.error !== undefined && <ErrorBox error={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && list.data.items.length === 0 && (
        <Empty title="No projects yet">
          <p>
            A project appears the first time Claude Code works in it with MemTray's hooks installed (see{' '}
            <b>Health</b>). Each one gets its own capture switch here.
          </p>
        </Empty>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="cards grid" aria-label="Projects list">
          {list.data.items.map((p) => (
            <ProjectRow key={p.name} p={p} paused={paused} onChanged={list.reload} />
          ))}
        </ul>
      )}
    </section>
  );
}
