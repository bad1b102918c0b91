import { useState, type ReactNode } from 'react';
import { errorText } from '@/api/errors';

/** Errors are shown inline, in words, with a retry when there is one. */
export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="error" role="alert">
      <span>{errorText(error)}</span>
      {onRetry && (
        <button type="button" className="link" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** What to show when there is nothing yet — with the next step for a new user. */
export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children && <div className="empty-body">{children}</div>}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="muted loading" role="status">
      {label}
    </p>
  );
}

/** A labelled on/off switch (a real checkbox, so it is keyboard and screen-reader friendly). */
export function Toggle(props: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  disabled?: boolean;
  hideLabel?: boolean;
}) {
  return (
    <label className="toggle">
      <input
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
        aria-label={props.hideLabel ? props.label : undefined}
      />
      <span className="track" aria-hidden="true" />
      {!props.hideLabel && <span>{props.label}</span>}
    </label>
  );
}

/** A destructive action that asks first, inline (no modal to trap focus in a small popup). */
export function ConfirmButton(props: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  if (!asking)
    return (
      <button type="button" className="danger-outline" onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  return (
    <div className="confirm" role="group" aria-label={props.question}>
      <p>{props.question}</p>
      <div className="row">
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            setError(undefined);
            props.onConfirm().then(
              () => {
                setBusy(false);
                setAsking(false);
              },
              (e: unknown) => {
                setBusy(false);
                setError(e);
              },
            );
          }}
        >
          {busy ? 'Deleting…' : props.confirmLabel}
        </button>
        <button type="button" autoFocus onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
      {error !== undefined && <ErrorBox error={error} />}
    </div>
  );
}

/** Renders a snippet whose hits are wrapped in literal `<mark>`/`</mark>` tokens — as text, never HTML. */
export function Highlight({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let rest = text;
  let i = 0;
  while (rest.length > 0) {
    const open = rest.indexOf('<mark>');
    if (open < 0) {
      parts.push(rest);
      break;
    }
    if (open > 0) parts.push(rest.slice(0, open));
    const close = rest.indexOf('</mark>', open + 6);
    const end = close < 0 ? rest.length : close;
    parts.push(<mark key={i++}>{rest.slice(open + 6, end)}</mark>);
    rest = close < 0 ? '' : rest.slice(close + 7);
  }
  return <>{parts}</>;
}

export function Chip({ children, tone }: { children: ReactNode; tone?: 'ok' | 'warn' | 'bad' | 'info' }) {
  return <span className={`chip${tone ? ` chip-${tone}` : ''}`}>{children}</span>;
}

export function Progress({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
    >
      <div className="bar" style={{ width: `${pct}%` }} />
    </div>
  );
}

/** A secret's field: masked, never autocompleted or spell-checked (the browser keeps no copy). */
export function SecretInput(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <input
      id={props.id}
      type="password"
      autoComplete="off"
      spellCheck={false}
      value={props.value}
      {...(props.placeholder !== undefined ? { placeholder: props.placeholder } : {})}
      onChange={(ev) => props.onChange(ev.target.value)}
    />
  );
}
