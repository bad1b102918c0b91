import { useState } from 'react';
import type { CaptureStatus, ImportRun, LiveEventMap } from '@shared/api';
import { receiptLine } from '../api/captureState';
import { useApi, useLive } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ErrorBox, Loading, Progress } from '@/components/ui';
import { useSave } from '@/components/useSave';
import { ago, num, plural } from '@/format';
import { ImportFolder } from './ImportFolder';
import { OtherAgents } from './OtherAgents';

/** What the service receives, one line per agent heard from (Claude Code always listed). */
function Receipts({ status, installed }: { status: CaptureStatus; installed: boolean }) {
  // As of the service's answer (the card reloads on every received event).
  const now = status.checkedAt;
  const agents = status.agents.some((a) => a.agent === 'claude-code')
    ? status.agents
    : [{ agent: 'claude-code', lastEventAt: null }, ...status.agents];
  return (
    <ul className="receipts" aria-label="Received">
      {agents.map((a) => (
        <li key={a.agent}>
          {receiptLine(a.agent, a.lastEventAt, a.agent === 'claude-code' ? installed : true, now)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Whether Claude Code's hooks point at MemTray (in any settings file); one click to install or repair.
 * Below, the other agents found here with their hooks' state.
 */
export function HooksCard() {
  const api = useApi();
  const hooks = useResource(
    () => api.getHooks(),
    'hooks',
    (ev) => ev.name === 'settings',
  );
  const status = useResource(
    () => api.getCaptureStatus(),
    'capture-status',
    (ev) => ev.name === 'settings' || ev.name === 'event',
    1000,
  );
  const act = useSave();
  const h = hooks.data;
  const healthy = h?.installed && h.problems.length === 0;
  const reload = (): void => {
    hooks.reload();
    status.reload();
  };
  return (
    <div className="card">
      <h3>Claude Code hooks</h3>
      {hooks.error !== undefined && <ErrorBox error={hooks.error} onRetry={hooks.reload} />}
      {!h && hooks.loading && <Loading />}
      {status.data && <Receipts status={status.data} installed={h?.installed === true} />}
      {h && (
        <>
          <p className="meta">
            {healthy ? (
              <Chip tone="ok">installed</Chip>
            ) : h.installed ? (
              <Chip tone="warn">needs repair</Chip>
            ) : (
              <Chip tone="bad">not installed</Chip>
            )}{' '}
            {h.installed && `${h.mode ?? ''} hooks, ${h.scope} scope`}
          </p>
          <p className="meta path" title={h.settingsPath}>
            {h.settingsPath}
          </p>
          {h.problems.length > 0 && (
            <ul className="problems">
              {h.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          {!h.installed && (
            <p className="small">Install the hooks so Claude Code sends its sessions to MemTray.</p>
          )}
          <div className="row">
            {!healthy && (
              <button
                type="button"
                className="primary"
                disabled={act.busy}
                onClick={() => act.run(() => api.installHooks({}).then(reload))}
              >
                {h.installed ? 'Repair hooks' : 'Install hooks'}
              </button>
            )}
            {h.installed && (
              <button
                type="button"
                disabled={act.busy}
                onClick={() =>
                  act.run(() => api.uninstallHooks({ settingsPath: h.settingsPath }).then(reload))
                }
              >
                Uninstall
              </button>
            )}
          </div>
          {act.error !== undefined && <ErrorBox error={act.error} />}
        </>
      )}
      {status.data && <OtherAgents agents={status.data.otherAgents} />}
    </div>
  );
}

function ImportRow({ run, live }: { run: ImportRun; live?: LiveEventMap['import'] }) {
  const done = live?.filesDone ?? run.filesDone;
  const total = live?.filesTotal ?? run.filesTotal;
  const status = live?.status ?? run.status;
  return (
    <li>
      <div className="row spread">
        <span>
          <Chip tone={status === 'done' ? 'ok' : status === 'failed' ? 'bad' : 'info'}>{status}</Chip>{' '}
          {ago(run.startedAt)}
        </span>
        <span className="meta">
          {num(done)} / {num(total)} files
        </span>
      </div>
      {status === 'running' && <Progress value={done} max={total} label={`Import ${run.id} progress`} />}
      <p className="meta">
        {plural(run.sessions, 'session')} · {plural(run.prompts, 'prompt')} ·{' '}
        {plural(run.toolCalls, 'tool call')}
        {run.skippedLines > 0 && ` · ${num(run.skippedLines)} lines skipped`}
        {(run.skippedDirs ?? 0) > 0 && ` · ${num(run.skippedDirs ?? 0)} unreadable folders skipped`}
      </p>
      <p className="meta path" title={run.source}>
        Read {run.source}
      </p>
      {status === 'done' && run.note && <p className="small">{run.note}</p>}
      {run.error && <p className="field-error">{run.error}</p>}
    </li>
  );
}

/** Import history from Claude Code transcripts, with live progress. */
export function ImportCard() {
  const api = useApi();
  const runs = useResource(
    () => api.listImports(),
    'imports',
    (ev) => ev.name === 'import' && ev.data.status !== 'running',
  );
  const [live, setLive] = useState<Record<number, LiveEventMap['import']>>({});
  const start = useSave();
  useLive((ev) => {
    if (ev.name !== 'import') return;
    setLive((m) => ({ ...m, [ev.data.runId]: ev.data }));
    if (!runs.data?.items.some((r) => r.id === ev.data.runId)) runs.reload();
  });
  const items = runs.data?.items ?? [];
  const running = items.some((r) => (live[r.id]?.status ?? r.status) === 'running');
  return (
    <div className="card">
      <h3>Import past sessions</h3>
      <p className="small">
        Reads Claude Code's transcripts (~/.claude/projects) into MemTray. Safe to run again.
      </p>
      <button
        type="button"
        disabled={running || start.busy}
        onClick={() => start.run(() => api.startImport({}).then(runs.reload))}
      >
        {running ? 'Importing…' : 'Import transcripts'}
      </button>
      {start.error !== undefined && <ErrorBox error={start.error} />}
      <ImportFolder last={items[0]} onStarted={runs.reload} />
      {runs.error !== undefined && <ErrorBox error={runs.error} onRetry={runs.reload} />}
      {items.length > 0 && (
        <ul className="imports" aria-label="Import history">
          {items.slice(0, 5).map((r) => (
            <ImportRow key={r.id} run={r} live={live[r.id]} />
          ))}
        </ul>
      )}
    </div>
  );
}
