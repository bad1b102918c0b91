import { useEffect, useId, useState } from 'react';
import type { ContextDraft } from '@shared/contract/context';
import type { ContextPreview } from '@shared/contract/context';
import { useApi } from '@/api/context';
import { SaveBar } from '@/components/SaveBar';
import { useSave } from '@/components/useSave';
import { useUnsaved } from '@/router/guard';

/**
 * The context settings (token budget, how many summaries), saved with one `PUT /api/settings`;
 * `onDraft` hears valid values not saved yet (null when the form equals what is saved).
 */
export function ContextSettings({
  current,
  onDraft,
}: {
  current: ContextPreview['settings'];
  onDraft?: (d: ContextDraft | null) => void;
}) {
  const api = useApi();
  const ids = useId();
  const save = useSave();
  const [budget, setBudget] = useState(String(current.tokenBudget));
  const [summaries, setSummaries] = useState(String(current.maxSummaries));
  const [of, setOf] = useState(current);
  if (of.tokenBudget !== current.tokenBudget || of.maxSummaries !== current.maxSummaries) {
    setOf(current);
    setBudget(String(current.tokenBudget));
    setSummaries(String(current.maxSummaries));
  }
  const b = Number(budget);
  const m = Number(summaries);
  const valid = Number.isInteger(b) && b >= 100 && b <= 50_000 && Number.isInteger(m) && m >= 0 && m <= 50;
  const dirty = b !== current.tokenBudget || m !== current.maxSummaries;
  useUnsaved('context', dirty, 'The context settings have unsaved changes. Leave and drop them?');
  const draftKey = valid && dirty ? `${b}|${m}` : '';
  useEffect(() => {
    onDraft?.(draftKey ? { tokenBudget: b, maxSummaries: m } : null);
    // Only a new draft is news (b and m are part of draftKey).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey, onDraft]);
  return (
    <form
      className="card form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.run(() => api.updateSettings({ context: { tokenBudget: b, maxSummaries: m } }));
      }}
    >
      <div className="row">
        <label htmlFor={`${ids}-b`} className="field">
          <span>Token budget</span>
          <input
            id={`${ids}-b`}
            type="number"
            min={100}
            max={50_000}
            step={100}
            value={budget}
            onChange={(e) => {
              save.reset();
              setBudget(e.target.value);
            }}
          />
        </label>
        <label htmlFor={`${ids}-s`} className="field">
          <span>Session summaries</span>
          <input
            id={`${ids}-s`}
            type="number"
            min={0}
            max={50}
            value={summaries}
            onChange={(e) => {
              save.reset();
              setSummaries(e.target.value);
            }}
          />
        </label>
      </div>
      {!valid && <p className="error">A budget of 100–50,000 tokens and 0–50 summaries.</p>}
      <SaveBar save={save} dirty={dirty} disabled={!valid} label="Save context settings" />
    </form>
  );
}
