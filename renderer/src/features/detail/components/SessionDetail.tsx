import type { LiveEvent, SessionDetail as Detail, SessionState } from '@shared/api';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, ConfirmButton, ErrorBox, Loading } from '@/components/ui';
import { useEscape } from '@/components/useDebounced';
import { dateTime, plural } from '@/format';
import { FileLink } from './FileLink';
import { SessionStory } from './SessionStory';

/** Scrolls a section into view and moves the focus there (the state card is far down a long story). */
function jump(id: string): void {
  const el = document.getElementById(id);
  el?.scrollIntoView?.({ block: 'start' });
  el?.focus({ preventScroll: true });
}

const clip = (t: string, n: number): string => (t.length > n ? `${t.slice(0, n).trimEnd()}…` : t);

function SummaryCard({ s }: { s: NonNullable<Detail['summary']> }) {
  const rows: Array<[string, string | null]> = [
    ['Request', s.request],
    ['Investigated', s.investigated],
    ['Learned', s.learned],
    ['Completed', s.completed],
    ['Next steps', s.nextSteps],
  ];
  return (
    <div className="card summary-card">
      <h3>Summary</h3>
      <dl>
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

function StateCard({ st, id }: { st: SessionState; id: string }) {
  const tools = Object.entries(st.tools_used).sort((a, b) => b[1] - a[1]);
  const files = [
    ...st.files.new.map((f) => ({ f, k: 'new' })),
    ...st.files.edited.map((f) => ({ f, k: 'edited' })),
    ...st.files.read.map((f) => ({ f, k: 'read' })),
  ];
  return (
    <div className="card" id={id} tabIndex={-1}>
      <h3>Session state</h3>
      <h4>Files touched ({files.length})</h4>
      {files.length === 0 ? (
        <p className="muted small">No files.</p>
      ) : (
        <ul className="files">
          {files.slice(0, 40).map(({ f, k }) => (
            <li key={`${k}:${f}`}>
              <Chip tone={k === 'read' ? undefined : 'info'}>{k}</Chip> <FileLink path={f} />
            </li>
          ))}
          {files.length > 40 && <li className="muted">… and {files.length - 40} more</li>}
        </ul>
      )}
      <h4>Tools used</h4>
      {tools.length === 0 ? (
        <p className="muted small">No tool calls.</p>
      ) : (
        <p className="chips">
          {tools.map(([t, n]) => (
            <Chip key={t}>
              {t} × {n}
            </Chip>
          ))}
        </p>
      )}
      {st.agents_history.length > 0 && (
        <>
          <h4>Agents</h4>
          <ul>
            {st.agents_history.map((a, i) => (
              <li key={i}>
                {a.name} {a.completed_at ? '' : <Chip tone="warn">running</Chip>}
              </li>
            ))}
          </ul>
        </>
      )}
      {st.errors.length > 0 && (
        <>
          <h4>Errors ({st.errors.length})</h4>
          <ul className="errors">
            {st.errors.slice(0, 20).map((e, i) => (
              <li key={i}>
                <Chip tone="bad">{e.type}</Chip> {e.message.slice(0, 200)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** One session: summary card, prompts, observations, derived state; delete with confirmation. */
export function SessionDetail(props: {
  id: number;
  onBack: () => void;
  onDeleted: () => void;
  onOpenObservation?: (id: number) => void;
}) {
  const api = useApi();
  useEscape(props.onBack);
  const mine = (ev: LiveEvent): boolean =>
    (ev.name === 'observation' && ev.data.sessionId === props.id) ||
    (ev.name === 'summary' && ev.data.sessionId === props.id) ||
    (ev.name === 'session' && ev.data.id === props.id);
  const d = useResource(() => api.getSession(props.id), `s-${props.id}`, mine);
  const st = useResource(() => api.getSessionState(props.id), `st-${props.id}`, mine, 1000);
  const s = d.data?.session;
  return (
    <section className="view detail" aria-label="Session">
      <button type="button" className="back" onClick={props.onBack} autoFocus>
        ← Back
      </button>
      {d.error !== undefined && <ErrorBox error={d.error} onRetry={d.reload} />}
      {!d.data && d.loading && <Loading />}
      {d.data && s && (
        <article>
          <h2>
            {clip(
              d.data.summary?.request ?? s.firstPrompt ?? `Session ${s.claudeSessionId.slice(0, 8)}`,
              160,
            )}
          </h2>
          <p className="meta">
            <Chip tone={s.status === 'completed' ? 'ok' : 'info'}>{s.status}</Chip> {s.project} ·{' '}
            {dateTime(s.startedAt)} · {plural(d.data.prompts.length, 'prompt')} ·{' '}
            {plural(d.data.observations.length, 'observation')}
          </p>
          <nav className="jump" aria-label="Jump to">
            <button type="button" className="link" onClick={() => jump(`story-${props.id}`)}>
              Story
            </button>
            <button type="button" className="link" onClick={() => jump(`state-${props.id}`)}>
              Files, tools, agents, errors
            </button>
          </nav>
          {d.data.summary ? (
            <SummaryCard s={d.data.summary} />
          ) : (
            <p className="muted small">No summary yet — it is written when the session stops.</p>
          )}
          <h3 id={`story-${props.id}`}>Story</h3>
          <SessionStory
            prompts={d.data.prompts}
            observations={d.data.observations}
            {...(props.onOpenObservation ? { onOpenObservation: props.onOpenObservation } : {})}
          />
          {st.error !== undefined && <ErrorBox error={st.error} onRetry={st.reload} />}
          {st.data && <StateCard st={st.data} id={`state-${props.id}`} />}
          <div className="danger-zone">
            <ConfirmButton
              label="Delete this session"
              question="Delete this session with its prompts, observations and summary? This cannot be undone."
              confirmLabel="Delete session"
              onConfirm={() => api.deleteSession(props.id).then(props.onDeleted)}
            />
          </div>
        </article>
      )}
    </section>
  );
}
