import { useEffect, useState } from 'react';
import type { ExportResult, ImportProgress } from '../../../electron/shared/contract/sync';
import { useApi } from '../api/context';
import { Chip, ErrorBox, Progress } from '../components/ui';
import { useSave } from '../components/useSave';
import { num } from '../format';
import { size } from './HealthStorage';

const absolute = (p: string): boolean => /^(\/|[A-Za-z]:[\\/])/.test(p.trim());

function ImportResult({ p }: { p: ImportProgress }) {
  const a = p.report.added;
  return (
    <div aria-label="Archive import">
      <p className="meta">
        <Chip tone={p.status === 'done' ? 'ok' : p.status === 'failed' ? 'bad' : 'info'}>{p.status}</Chip>{' '}
        {num(p.linesDone)} / {num(p.linesTotal)} lines
      </p>
      {p.status === 'running' && (
        <Progress value={p.linesDone} max={p.linesTotal} label="Archive import progress" />
      )}
      <p className="meta">
        Added {num(a.sessions)} sessions · {num(a.prompts)} prompts · {num(a.observations)} memories ·{' '}
        {num(a.summaries)} summaries; {num(p.report.updated)} updated; {num(p.report.skipped)} already here
        {p.report.invalid > 0 && ` · ${num(p.report.invalid)} invalid lines`}
      </p>
      {p.error && <p className="field-error">{p.error}</p>}
    </div>
  );
}

/** Export to a file and import an archive (`memtray export` / `memtray import --archive`). */
export function DataCard() {
  const api = useApi();
  const [format, setFormat] = useState<'jsonl' | 'markdown'>('jsonl');
  const [out, setOut] = useState('');
  const [from, setFrom] = useState('');
  const [exported, setExported] = useState<ExportResult | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const exp = useSave();
  const imp = useSave();

  // Progress is polled only while an import runs.
  useEffect(() => {
    if (importId === null) return;
    let stop = false;
    let t: ReturnType<typeof setTimeout> | null = null;
    const poll = (): void => {
      api.getArchiveImport(importId).then(
        (p) => {
          if (stop) return;
          setProgress(p);
          if (p.status === 'running') t = setTimeout(poll, 400);
        },
        () => undefined,
      );
    };
    poll();
    return () => {
      stop = true;
      if (t) clearTimeout(t);
    };
  }, [api, importId]);

  return (
    <div className="card">
      <h3>Export and import</h3>
      <p className="small">
        A portable archive of your sessions, prompts, memories and summaries. Secrets were redacted when
        captured; projects with capture off, excluded paths and &lt;private&gt; content are left out.
      </p>
      <div className="row">
        <label>
          Format{' '}
          <select
            value={format}
            onChange={(e) => setFormat(e.target.value === 'markdown' ? 'markdown' : 'jsonl')}
          >
            <option value="jsonl">jsonl (re-importable)</option>
            <option value="markdown">markdown (for reading)</option>
          </select>
        </label>
      </div>
      <div className="row">
        <input
          aria-label="Export to file"
          placeholder="/home/me/memtray-export.jsonl"
          value={out}
          onChange={(e) => setOut(e.target.value)}
        />
        <button
          type="button"
          disabled={exp.busy || !absolute(out)}
          onClick={() => exp.run(() => api.exportData({ format, path: out.trim() }).then(setExported))}
        >
          Export
        </button>
      </div>
      {exported && (
        <p className="meta">
          Wrote {size(exported.bytes)} to {exported.path}
          {exported.counts &&
            ` (${num(exported.counts.sessions)} sessions, ${num(exported.counts.observations)} memories)`}
          .
        </p>
      )}
      {exp.error !== undefined && <ErrorBox error={exp.error} />}
      <div className="row">
        <input
          aria-label="Archive to import"
          placeholder="/home/me/memtray-export.jsonl"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <button
          type="button"
          disabled={imp.busy || !absolute(from) || progress?.status === 'running'}
          onClick={() =>
            imp.run(() =>
              api.importArchive(from.trim()).then((r) => {
                setProgress(null);
                setImportId(r.id);
              }),
            )
          }
        >
          Import
        </button>
      </div>
      {imp.error !== undefined && <ErrorBox error={imp.error} />}
      {progress && <ImportResult p={progress} />}
    </div>
  );
}
