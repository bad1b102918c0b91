import { useId, useState } from 'react';
import { useApi } from '../../api/context';
import { ErrorBox } from '../../components/ui';
import { useSave } from '../../components/useSave';

/**
 * Import from a folder of the user's choice (a path typed or pasted: a page cannot read a native
 * folder picker's path). Shown open when the last import found no transcripts at all.
 */
export function ImportFolder({ nothingFound, onStarted }: { nothingFound: boolean; onStarted: () => void }) {
  const api = useApi();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState('');
  const start = useSave();
  const shown = open || nothingFound;
  return (
    <div className="import-folder">
      {nothingFound && (
        <p className="warn-note" role="status">
          The last import found no Claude Code transcripts in <code>~/.claude/projects</code>. If Claude Code
          keeps them elsewhere (another user, a synced folder), import that folder:
        </p>
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
