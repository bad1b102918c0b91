import { useEffect, useState } from 'react';
import {
  MAX_UPLOAD_CHARS,
  type ExportLeftOut,
  type ImportProgress,
  type RecordCounts,
} from '@shared/contract/sync';
import { useApi } from '@/api/context';
import { ApiError } from '@/api/errors';
import { Chip, ErrorBox, Progress } from '@/components/ui';
import { useSave } from '@/components/useSave';
import { num } from '@/format';
import { downloadText } from '../api/download';

interface Saved {
  where: string;
  counts: RecordCounts | null;
}

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

function LeftOut(props: { left: ExportLeftOut; include: boolean; onInclude: (v: boolean) => void }) {
  const { left } = props;
  return (
    <div aria-label="Left out of the export">
      <p className="small">
        {num(left.sessions)} sessions and {num(left.observations)} memories of projects whose capture is off
        now ({left.projects.join(', ')}) are left out.
      </p>
      <label>
        <input type="checkbox" checked={props.include} onChange={(e) => props.onInclude(e.target.checked)} />{' '}
        Include them in this export
      </label>
    </div>
  );
}

function ExportPart() {
  const api = useApi();
  const [format, setFormat] = useState<'jsonl' | 'markdown'>('jsonl');
  const [left, setLeft] = useState<ExportLeftOut | null>(null);
  const [include, setInclude] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const exp = useSave();

  useEffect(() => {
    let live = true;
    api.getExportLeftOut().then(
      (l) => live && setLeft(l),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  const run = async (): Promise<void> => {
    const d = await api.downloadExport({ format, includeCaptureOff: include });
    if (api.files) {
      const path = await api.files.saveText(d.fileName, d.text);
      if (path) setSaved({ where: path, counts: d.counts });
      return;
    }
    downloadText(d.fileName, d.text, format === 'markdown' ? 'text/markdown' : 'application/x-ndjson');
    setSaved({ where: d.fileName, counts: d.counts });
  };

  return (
    <>
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
        <button type="button" disabled={exp.busy} onClick={() => exp.run(run)}>
          Export
        </button>
      </div>
      {left && left.sessions > 0 && <LeftOut left={left} include={include} onInclude={setInclude} />}
      {saved && (
        <p className="meta">
          Saved {saved.where}
          {saved.counts &&
            ` (${num(saved.counts.sessions)} sessions, ${num(saved.counts.observations)} memories)`}
          .
        </p>
      )}
      {exp.error !== undefined && <ErrorBox error={exp.error} />}
    </>
  );
}

function ImportPart() {
  const api = useApi();
  const [importId, setImportId] = useState<number | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
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

  const started = (r: { id: number }): void => {
    setProgress(null);
    setImportId(r.id);
  };
  const upload = async (file: File): Promise<void> => {
    const tooLarge = new Error(
      `${file.name} is too large to upload here; import it with: memtray import --archive <path>`,
    );
    if (file.size > MAX_UPLOAD_CHARS) throw tooLarge;
    try {
      started(await api.uploadArchive(await file.text()));
    } catch (err) {
      // The bound is on the request as sent, where the archive's quotes are escaped.
      throw err instanceof ApiError && err.status === 413 ? tooLarge : err;
    }
  };
  const running = imp.busy || progress?.status === 'running';
  const files = api.files;

  return (
    <>
      <div className="row">
        {files ? (
          <button
            type="button"
            disabled={running}
            onClick={() =>
              imp.run(async () => {
                const path = await files.openArchive();
                if (path) started(await api.importArchive(path));
              })
            }
          >
            Import…
          </button>
        ) : (
          <label>
            Import an archive{' '}
            <input
              type="file"
              aria-label="Archive to import"
              accept=".jsonl,.ndjson,application/x-ndjson,text/plain"
              disabled={running}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) imp.run(() => upload(file));
              }}
            />
          </label>
        )}
      </div>
      {imp.error !== undefined && <ErrorBox error={imp.error} />}
      {progress && <ImportResult p={progress} />}
    </>
  );
}

/** Export (a download, or a save dialog in the app) and import of an archive (an upload, or an open dialog). */
export function DataCard() {
  return (
    <div className="card">
      <h3>Export and import</h3>
      <p className="small">
        A portable archive of your sessions, prompts, memories and summaries. Secrets were redacted when
        captured; excluded paths and &lt;private&gt; content are left out, and projects whose capture is off
        unless you include them.
      </p>
      <ExportPart />
      <ImportPart />
    </div>
  );
}
