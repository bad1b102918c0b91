import { useId, useState } from 'react';
import { acceleratorProblem, DEFAULT_SHORTCUT } from '../../../../../electron/shared/accelerator';
import type { PublicSettings, UiSettings } from '../../../../../electron/shared/api';
import { useApi } from '../../../api/context';
import { useResource } from '../../../api/resource';
import { ErrorBox } from '../../../components/ui';
import { useSave } from '../../../components/useSave';

const EDITORS: Array<{ id: UiSettings['editor']; label: string }> = [
  { id: 'vscode', label: 'VS Code (vscode://)' },
  { id: 'cursor', label: 'Cursor (cursor://)' },
  { id: 'none', label: 'None: show paths as text' },
];

/** The app's own settings: the global shortcut that opens Search (or none) and the editor for file links. */
export function AppSettingsCard() {
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
      <h3>Shortcut and editor</h3>
      <label htmlFor={`${ids}-sc`}>Global shortcut that opens Search</label>
      <div className="row">
        <input
          id={`${ids}-sc`}
          value={text}
          spellCheck={false}
          placeholder="none"
          aria-invalid={problem !== null}
          onChange={(e) => {
            save.reset();
            setDraft(e.target.value);
          }}
        />
        <button
          type="button"
          className="primary"
          disabled={draft === null || problem !== null || save.busy}
          onClick={() => put({ shortcut: text.trim() === '' ? null : text.trim() })}
        >
          Save shortcut
        </button>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <p className="meta">
        {ui.shortcut ? (
          <>
            Now <kbd>{ui.shortcut}</kbd>.{' '}
            <button
              type="button"
              className="link"
              disabled={save.busy}
              onClick={() => put({ shortcut: null })}
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
              disabled={save.busy}
              onClick={() => put({ shortcut: DEFAULT_SHORTCUT })}
            >
              Use {DEFAULT_SHORTCUT}
            </button>
          </>
        )}{' '}
        Electron syntax: modifiers (CommandOrControl, Alt, Shift, Super) and one key.
      </p>
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
