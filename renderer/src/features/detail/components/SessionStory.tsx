import type { Observation, Prompt } from '@shared/api';
import { Chip } from '@/components/ui';
import { observationTitle, sourceLabel } from './ObservationDetail';
import { isoTime, safeDate } from '@shared/time';
import { isMemoryRow, runLabel, runsOf, turnOutcome, type Run } from '../api/steps';

export interface Episode {
  prompt: Prompt | null;
  observations: Observation[];
}

/** Observations under the prompt that caused them (by prompt number); those before any prompt first. */
export function episodes(prompts: Prompt[], observations: Observation[]): Episode[] {
  const byNumber = new Map<number, Episode>();
  const out: Episode[] = [];
  const sorted = [...prompts].sort((a, b) => a.promptNumber - b.promptNumber);
  const before: Episode = { prompt: null, observations: [] };
  for (const p of sorted) {
    const e = { prompt: p, observations: [] };
    byNumber.set(p.promptNumber, e);
    out.push(e);
  }
  for (const o of [...observations].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)) {
    (byNumber.get(o.promptNumber) ?? before).observations.push(o);
  }
  return before.observations.length > 0 ? [before, ...out] : out;
}

const clock = (ms: number): string =>
  safeDate(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** A turn with more runs than this shows its steps folded; its outcome stays in view. */
const OPEN_UP_TO = 6;

type Open = ((id: number) => void) | undefined;

function StepLine({ o, onOpen }: { o: Observation; onOpen: Open }) {
  return (
    <>
      <time className="meta" dateTime={isoTime(o.createdAt)}>
        {clock(o.createdAt)}
      </time>{' '}
      <Chip tone={o.failed ? 'bad' : undefined}>{o.type ?? sourceLabel(o.toolName)}</Chip>{' '}
      {onOpen ? (
        <button type="button" className="link" onClick={() => onOpen(o.id)}>
          {observationTitle(o)}
        </button>
      ) : (
        <span>{observationTitle(o)}</span>
      )}
    </>
  );
}

/** One step as it is; a run of like steps as one line that opens onto them. */
function RunItem({ run, onOpen }: { run: Run; onOpen: Open }) {
  const first = run.steps[0]!;
  if (run.steps.length === 1)
    return (
      <li>
        <StepLine o={first} onOpen={onOpen} />
      </li>
    );
  return (
    <li className="run">
      <details>
        <summary>
          <time className="meta" dateTime={isoTime(first.createdAt)}>
            {clock(first.createdAt)}
          </time>{' '}
          <Chip tone={first.failed ? 'bad' : undefined}>× {run.steps.length}</Chip> {runLabel(run)}
        </summary>
        <ul className="observations">
          {run.steps.map((o) => (
            <li key={o.id}>
              <StepLine o={o} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

function Steps({ observations, onOpen }: { observations: Observation[]; onOpen: Open }) {
  const steps = observations.filter((o) => o.toolName !== 'memtray:episode');
  if (steps.length === 0) return <p className="muted small">No tool calls for this prompt.</p>;
  const runs = runsOf(steps);
  const list = (
    <ul className="observations">
      {runs.map((r) => (
        <RunItem key={r.steps[0]!.id} run={r} onOpen={onOpen} />
      ))}
    </ul>
  );
  if (runs.length <= OPEN_UP_TO) return list;
  const calls = steps.filter((o) => !isMemoryRow(o)).length;
  return (
    <details className="steps">
      <summary className="meta">
        {calls} steps in {runs.length} groups
      </summary>
      {list}
    </details>
  );
}

/** The turn's outcome, always in view; the episode it comes from opens on a click. */
function Outcome({ observations, onOpen }: { observations: Observation[]; onOpen: Open }) {
  const out = turnOutcome(observations);
  if (!out) return null;
  const episode = observations.find((o) => o.toolName === 'memtray:episode');
  return (
    <p className="outcome small">
      <Chip tone={out.failed ? 'warn' : 'ok'}>outcome</Chip>{' '}
      {episode && onOpen ? (
        <button type="button" className="link" onClick={() => onOpen(episode.id)}>
          {out.text}
        </button>
      ) : (
        <span>{out.text}</span>
      )}
    </p>
  );
}

/**
 * The session as a story: each prompt with its time and outcome, then what was done for it, runs of
 * like steps folded into one line.
 */
export function SessionStory({
  prompts,
  observations,
  onOpenObservation,
}: {
  prompts: Prompt[];
  observations: Observation[];
  onOpenObservation?: (id: number) => void;
}) {
  const eps = episodes(prompts, observations);
  if (eps.length === 0) return <p className="muted small">No prompts or tool calls recorded.</p>;
  return (
    <ol className="story" aria-label="Story">
      {eps.map((e, i) => (
        <li key={e.prompt ? `p${e.prompt.id}` : 'before'} className="episode">
          <div className="episode-head">
            <time className="meta" dateTime={isoTime(e.prompt?.createdAt ?? e.observations[0]!.createdAt)}>
              {clock(e.prompt?.createdAt ?? e.observations[0]!.createdAt)}
            </time>
            {e.prompt ? (
              <p className="episode-prompt" title={e.prompt.prompt}>
                <span className="sr-only">Prompt {i + 1}: </span>
                {e.prompt.prompt.length > 600 ? `${e.prompt.prompt.slice(0, 600)}…` : e.prompt.prompt}
              </p>
            ) : (
              <p className="muted small">Before the first prompt</p>
            )}
          </div>
          <Outcome observations={e.observations} onOpen={onOpenObservation} />
          <Steps observations={e.observations} onOpen={onOpenObservation} />
        </li>
      ))}
    </ol>
  );
}
