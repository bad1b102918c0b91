import { useId, useState } from 'react';

/** Edits a list of strings: each row removable, one input to add. `validate` returns an error or null. */
export function ListEditor(props: {
  label: string;
  items: string[];
  onChange: (items: string[]) => void;
  placeholder?: string;
  validate?: (v: string) => string | null;
  empty?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = (): void => {
    const v = draft.trim();
    if (v === '') return;
    if (props.items.includes(v)) {
      setProblem(`'${v}' is already in the list`);
      return;
    }
    const err = props.validate?.(v) ?? null;
    if (err) {
      setProblem(err);
      return;
    }
    props.onChange([...props.items, v]);
    setDraft('');
    setProblem(null);
  };
  return (
    <fieldset className="list-editor">
      <legend>{props.label}</legend>
      {props.items.length === 0 ? (
        <p className="muted small">{props.empty ?? 'None.'}</p>
      ) : (
        <ul>
          {props.items.map((it) => (
            <li key={it}>
              <code>{it}</code>
              <button
                type="button"
                className="icon"
                aria-label={`Remove ${it}`}
                title="Remove"
                onClick={() => props.onChange(props.items.filter((x) => x !== it))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        <label htmlFor={id} className="sr-only">
          Add to {props.label}
        </label>
        <input
          id={id}
          value={draft}
          placeholder={props.placeholder}
          aria-invalid={problem !== null}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" onClick={add}>
          Add
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
