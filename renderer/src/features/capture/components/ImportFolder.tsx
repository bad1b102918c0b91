import { useId, useState } from 'react';
import type { ImportRun } from '@shared/api';
import { useApi } from '@/api/context';
import { ErrorBox } from '@/components/ui';
import { useSave } from '@/components/useSave';

/** The last run found no transcripts: where it looked and why nothing was found (its note), else null. */
export function nothingFound(run: ImportRun | undefined): { source: string; note: string } | null {
  if (run?.status !== 'done' || run.note === null || !run.note.startsWith('Looked in')) return null;
  return { source: run.source, note: run.note };
}

/**
 * Import from a folder of the user's choice (a path typed or pasted: a page cannot read a native
 * folder picker's path). Shown open, with what the last import looked at, when it found no
 * transcripts at all.
 */
export function ImportFolder({ last, onStarted }: { last: ImportRun | undefined; onStarted: () => void }) {
  const api = useApi();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState('');
  const start = useSave();
  const empty = nothingFound(last);
  const shown = open || empty !== null;
  return (
    <div className="import-folder">
      {empty && (
        <div className="warn-note" role="status">
          <p>
            The last import found no Claude Code transcripts in <code className="path">{empty.source}</code>.
          </p>
          <p className="small">{empty.note}</p>
          <p>If Claude Code keeps them elsewhere (another user, a synced folder), import that folder:</p>
        </div>
      )}
      {!shown && (
        <button type="button" className="link" onClick={() => setOpen(true)}>
          Import from another folder…
        </button>
      )}
      {shown && (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            const p = path.trim();
            if (p) start.run(() => api.startImport({ paths: [p] }).then(onStarted));
          }}
        >
          <label htmlFor={`${ids}-dir`} className="sr-only">
            Transcripts folder
          </label>
          <input
            id={`${ids}-dir`}
            value={path}
            spellCheck={false}
            placeholder="/home/me/.claude/projects"
            onChange={(e) => setPath(e.target.value)}
          />
          <button type="submit" disabled={!path.trim() || start.busy}>
            Import folder
          </button>
        </form>
      )}
      {start.error !== undefined && <ErrorBox error={start.error} />}
    </div>
  );
}
