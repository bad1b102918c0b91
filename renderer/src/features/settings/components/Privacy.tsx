import { useState } from 'react';
import type { PublicSettings } from '@shared/api';
import { DECISION_TOOLS } from '@shared/contract/tools';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { ListEditor } from '@/components/ListEditor';
import { ErrorBox, Loading, Toggle } from '@/components/ui';
import { SaveBar } from '@/components/SaveBar';
import { useSave } from '@/components/useSave';
import { useUnsaved } from '@/router/guard';

type Draft = Pick<PublicSettings, 'excludedPaths' | 'skipTools' | 'redactSecrets' | 'customRedactPatterns'>;

const pick = (s: PublicSettings): Draft => ({
  excludedPaths: s.excludedPaths,
  skipTools: s.skipTools,
  redactSecrets: s.redactSecrets,
  customRedactPatterns: s.customRedactPatterns,
});

export function regexProblem(p: string): string | null {
  try {
    new RegExp(p);
    return null;
  } catch (e) {
    return `Not a valid regular expression: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** How `<private>` works, excluded paths, skipped tools, secret redaction and custom patterns. */
export function PrivacyView() {
  const api = useApi();
  const settings = useResource(() => api.getSettings(), 'settings');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftOf, setDraftOf] = useState<PublicSettings | undefined>(undefined);
  const save = useSave();
  if (settings.data && settings.data !== draftOf) {
    setDraftOf(settings.data);
    setDraft(pick(settings.data));
  }
  const edit = (d: Partial<Draft>): void => {
    save.reset();
    setDraft((cur) => (cur ? { ...cur, ...d } : cur));
  };
  const dirty = draft && settings.data && JSON.stringify(draft) !== JSON.stringify(pick(settings.data));
  useUnsaved('privacy', Boolean(dirty), 'Privacy has unsaved changes. Leave and drop them?');

  return (
    <section className="view" aria-label="Privacy">
      <div className="card explain">
        <h3>Keeping things private</h3>
        <p>
          Wrap anything in a prompt with <code>&lt;private&gt;…&lt;/private&gt;</code> and MemTray strips it
          before storing: it never reaches the database or the model. A prompt that is entirely private also
          skips the tool calls that follow it.
        </p>
        <p className="muted small">Everything stays on this machine except what is sent for compression.</p>
      </div>
      {settings.error !== undefined && <ErrorBox error={settings.error} onRetry={settings.reload} />}
      {!draft && settings.loading && <Loading />}
      {draft && (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            save.run(() => api.updateSettings(draft).then(settings.reload));
          }}
        >
          <ListEditor
            label="Excluded paths (globs)"
            items={draft.excludedPaths}
            onChange={(excludedPaths) => edit({ excludedPaths })}
            placeholder="**/secrets/**"
            empty="No excluded paths: tool calls on any file are captured."
          />
          <ListEditor
            label="Tools never captured"
            items={draft.skipTools}
            onChange={(skipTools) => edit({ skipTools })}
            placeholder="TodoWrite"
            empty="Every tool call is captured."
          />
          <p className="muted small" data-testid="decision-tools">
            Captured as decisions: {DECISION_TOOLS.join(' and ')} (the question and the answer, the plan).
            Listed above, a tool is never captured: nothing of its calls is stored, not even as a decision.
          </p>
          <fieldset>
            <legend>Secret redaction</legend>
            <Toggle
              checked={draft.redactSecrets}
              onChange={(redactSecrets) => edit({ redactSecrets })}
              label="Redact API keys, tokens and passwords before storing"
            />
            {!draft.redactSecrets && (
              <p className="warn-note">Secrets in tool output will be stored as they are.</p>
            )}
          </fieldset>
          <ListEditor
            label="Custom redaction patterns (regular expressions)"
            items={draft.customRedactPatterns}
            onChange={(customRedactPatterns) => edit({ customRedactPatterns })}
            placeholder="ACME-[0-9]{6}"
            validate={regexProblem}
            empty="No custom patterns. Matches become [REDACTED:custom]."
          />
          <SaveBar save={save} dirty={dirty} label="Save privacy settings" />
        </form>
      )}
    </section>
  );
}
