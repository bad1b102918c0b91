import type { Save } from './useSave';
import { ErrorBox } from './ui';

/**
 * A form's submit button, "Saved." until the next edit, and the save's error inline. While there are
 * unsaved edits it sticks to the bottom of the view (never below the fold of the popup).
 */
export function SaveBar({
  save,
  dirty,
  label,
  disabled = false,
}: {
  save: Save;
  dirty: boolean | null | undefined;
  label: string;
  disabled?: boolean;
}) {
  return (
    <>
      <div className={dirty ? 'form-actions dirty' : 'form-actions'}>
        {dirty && !save.busy && <span className="meta unsaved">Unsaved changes</span>}
        <button type="submit" className="primary" disabled={!dirty || disabled || save.busy}>
          {save.busy ? 'Saving…' : label}
        </button>
        {save.saved && !dirty && (
          <span className="ok-note" role="status">
            Saved.
          </span>
        )}
      </div>
      {save.error !== undefined && <ErrorBox error={save.error} />}
    </>
  );
}
