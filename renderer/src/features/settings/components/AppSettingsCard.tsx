import { useId, useState } from 'react';
import { acceleratorProblem, DEFAULT_SHORTCUT } from '@shared/accelerator';
import type { PublicSettings, UiSettings } from '@shared/api';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { ErrorBox } from '@/components/ui';
import { useSave } from '@/components/useSave';

const EDITORS: Array<{ id: UiSettings['editor']; label: string }> = [
  { id: 'vscode', label: 'VS Code (vscode://)' },
  { id: 'cursor', label: 'Cursor (cursor://)' },
  { id: 'none', label: 'None: show paths as text' },
];

/** The Electron global shortcut: checked as typed, saved, removed or set to the default. */
function ShortcutField(props: {
  text: string;
  shortcut: string | null;
  problem: string | null;
  canSave: boolean;
  busy: boolean;
  onEdit: (v: string) => void;
  put: (patch: Partial<UiSettings>) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>Global shortcut that opens Search</label>
      <div className="row">
        <input
          id={id}
          value={props.text}
          spellCheck={false}
          placeholder="none"
          aria-invalid={props.problem !== null}
          onChange={(e) => props.onEdit(e.target.value)}
        />
        <button
          type="button"
          className="primary"
          disabled={!props.canSave}
          onClick={() => props.put({ shortcut: props.text.trim() === '' ? null : props.text.trim() })}
        >
          Save shortcut
        </button>
      </div>
      {props.problem && (
        <p className="error" role="alert">
          {props.problem}
        </p>
      )}
      <p className="meta">
        {props.shortcut ? (
          <>
            Now <kbd>{props.shortcut}</kbd>.{' '}
            <button
              type="button"
              className="link"
              disabled={props.busy}
              onClick={() => props.put({ shortcut: null })}
            >
              Remove the shortcut
            </button>
          </>
        ) : (
          <>
            No global shortcut.{' '}
            <button
              type="button"
              className="link"
              disabled={props.busy}
              onClick={() => props.put({ shortcut: DEFAULT_SHORTCUT })}
            >
              Use {DEFAULT_SHORTCUT}
            </button>
          </>
        )}{' '}
        Electron syntax: modifiers (CommandOrControl, Alt, Shift, Super) and one key.
      </p>
    </>
  );
}

/**
 * The app's own settings: the editor for file links and, in the Electron app (where it does
 * something), the global shortcut that opens Search (or none).
 */
export function AppSettingsCard({ electron = Boolean(window.memtray) }: { electron?: boolean }) {
  const api = useApi();
  const ids = useId();
  const settings = useResource(
    () => api.getSettings(),
    'settings',
    (ev) => ev.name === 'settings',
  );
  const save = useSave();
  const [draft, setDraft] = useState<string | null>(null);
  const [of, setOf] = useState<PublicSettings | undefined>(undefined);
  const s = settings.data;
  if (s && s !== of) {
    setOf(s);
    setDraft(null);
  }
  if (!s) return null;
  const ui = s.ui ?? { shortcut: DEFAULT_SHORTCUT, editor: 'vscode' };
  const text = draft ?? ui.shortcut ?? '';
  const problem = text.trim() === '' ? null : acceleratorProblem(text.trim());
  const put = (patch: Partial<UiSettings>): void =>
    save.run(() => api.updateSettings({ ui: patch }).then(settings.reload));
  return (
    <div className="card form">
      <h3>{electron ? 'Shortcut and editor' : 'Editor'}</h3>
      {electron && (
        <ShortcutField
          text={text}
          shortcut={ui.shortcut}
          problem={problem}
          canSave={draft !== null && problem === null && !save.busy}
          busy={save.busy}
          onEdit={(v) => {
            save.reset();
            setDraft(v);
          }}
          put={put}
        />
      )}
      <label htmlFor={`${ids}-ed`}>Open file paths in</label>
      <select
        id={`${ids}-ed`}
        value={ui.editor}
        onChange={(e) => put({ editor: e.target.value as UiSettings['editor'] })}
      >
        {EDITORS.map((x) => (
          <option key={x.id} value={x.id}>
            {x.label}
          </option>
        ))}
      </select>
      {save.saved && (
        <p className="ok-note" role="status">
          Saved.
        </p>
      )}
      {save.error !== undefined && <ErrorBox error={save.error} />}
    </div>
  );
}
