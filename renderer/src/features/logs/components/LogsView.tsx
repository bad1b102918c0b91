import { useState } from 'react';
import type { LogLevel } from '@shared/contract/logs';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, Empty, ErrorBox, Loading } from '@/components/ui';

const LEVELS: Array<{ id: LogLevel; label: string }> = [
  { id: 'info', label: 'Everything' },
  { id: 'warn', label: 'Warnings and errors' },
  { id: 'error', label: 'Errors' },
];

/** The service log (the data dir's memtray.log), newest first, by level; reload by hand (no polling). */
export function LogsView() {
  const api = useApi();
  const [level, setLevel] = useState<LogLevel>('warn');
  const logs = useResource(() => api.getLogs({ level, limit: 300 }), `logs|${level}`);
  const d = logs.data;
  return (
    <section className="view" aria-label="Logs">
      <div className="toolbar">
        <select value={level} onChange={(e) => setLevel(e.target.value as LogLevel)} aria-label="Level">
          {LEVELS.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </select>
        <button type="button" onClick={logs.reload}>
          Reload
        </button>
      </div>
      {logs.error !== undefined && <ErrorBox error={logs.error} onRetry={logs.reload} />}
      {!d && logs.loading && <Loading />}
      {d && (
        <p className="meta path" title={d.file}>
          {d.file}
          {d.truncated ? ' (the last 256 KiB)' : ''}
        </p>
      )}
      {d && d.entries.length === 0 && (
        <Empty title={level === 'info' ? 'The log is empty' : 'Nothing at this level'}>
          <p>Warnings and errors of the service show here: failed compression calls, hooks, imports.</p>
        </Empty>
      )}
      {d && d.entries.length > 0 && (
        <ol className="log" aria-label="Log entries">
          {d.entries.map((e, i) => (
            <li key={`${e.at}-${i}`} className={`log-${e.level}`}>
              <span className="meta">
                <time dateTime={e.at} title={new Date(e.at).toLocaleString()}>
                  {new Date(e.at).toLocaleTimeString(undefined, {
                    hour: '2-digit',
                    minute: '2-digit',
                    second: '2-digit',
                  })}
                </time>{' '}
                <Chip tone={e.level === 'error' ? 'bad' : e.level === 'warn' ? 'warn' : undefined}>
                  {e.level}
                </Chip>
              </span>{' '}
              <span>{e.message}</span>
              {e.fields && <code className="log-fields">{e.fields}</code>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
