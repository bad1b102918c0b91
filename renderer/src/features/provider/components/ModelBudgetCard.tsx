import { useId } from 'react';
import type { PublicSettings } from '@shared/api';
import { useApi } from '@/api/context';
import { SaveBar } from '@/components/SaveBar';
import { useSave } from '@/components/useSave';
import { useServerForm } from '@/components/useServerForm';

const CLAUDE_MODELS = ['claude-haiku-4-5', 'claude-sonnet-4-5', 'claude-opus-4-1'];

/** What the budget counts against, per provider. */
const BUDGET_NOTE: Record<string, string> = {
  'claude-code': 'Tokens MemTray may use per day through your Claude login (they count against your plan).',
  anthropic: 'Tokens MemTray may use per day, billed to your Anthropic key.',
  'openai-compatible': 'Tokens MemTray may send to the endpoint per day (its model is chosen above).',
};

/**
 * The model and the daily token budget, as the provider in force has them: a Claude model for the
 * Claude providers, the budget alone for an OpenAI-compatible endpoint (its model is set with its
 * URL), nothing for rules (no model, no tokens).
 */
export function ModelBudgetCard({ settings: s, onSaved }: { settings: PublicSettings; onSaved: () => void }) {
  const api = useApi();
  const ids = useId();
  const save = useSave();
  const [form, setForm] = useServerForm({
    model: s.provider.model,
    budget: String(s.provider.dailyTokenBudget),
  });
  const { model, budget } = form;
  if (s.providerKind === 'rules')
    return (
      <div className="card">
        <h3>Model and budget</h3>
        <p className="meta">Rules only: no model runs and no tokens are spent, so there is nothing to set.</p>
      </div>
    );
  const withModel = s.providerKind !== 'openai-compatible';
  const budgetNum = Number(budget);
  const budgetOk = budget.trim() !== '' && Number.isInteger(budgetNum) && budgetNum >= 0;
  const dirty = (withModel && model.trim() !== s.provider.model) || budgetNum !== s.provider.dailyTokenBudget;
  return (
    <form
      className="card form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!budgetOk || (withModel && !model.trim())) return;
        const provider = withModel
          ? { model: model.trim(), dailyTokenBudget: budgetNum }
          : { dailyTokenBudget: budgetNum };
        save.run(() => api.updateSettings({ provider }).then(onSaved));
      }}
    >
      <h3>{withModel ? 'Model and budget' : 'Daily budget'}</h3>
      {withModel && (
        <>
          <label htmlFor={`${ids}-model`}>Claude model</label>
          <input
            id={`${ids}-model`}
            list={`${ids}-models`}
            value={model}
            onChange={(e) => {
              setForm({ ...form, model: e.target.value });
              save.reset();
            }}
          />
          <datalist id={`${ids}-models`}>
            {CLAUDE_MODELS.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </>
      )}
      <label htmlFor={`${ids}-budget`}>Daily token budget</label>
      <input
        id={`${ids}-budget`}
        type="number"
        min={0}
        step={1000}
        inputMode="numeric"
        value={budget}
        aria-invalid={!budgetOk}
        aria-describedby={`${ids}-budget-note`}
        onChange={(e) => {
          setForm({ ...form, budget: e.target.value });
          save.reset();
        }}
      />
      <p className="meta" id={`${ids}-budget-note`}>
        {BUDGET_NOTE[s.providerKind]}
      </p>
      {!budgetOk && (
        <p className="field-error" role="alert">
          Enter a whole number of tokens (0 stops compression).
        </p>
      )}
      <SaveBar save={save} dirty={dirty} label="Save" disabled={!budgetOk} />
    </form>
  );
}
