import type { Observation, Prompt } from '../../../../../electron/shared/api';
import { Chip } from '../../../components/ui';
import { observationTitle } from '../../../views/ObservationDetail';
import { isoTime, safeDate } from '../../../../../electron/shared/time';

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

/** The session as a story: each prompt with its time, then what Claude did for it, in order. */
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
          {e.observations.length > 0 ? (
            <ul className="observations">
              {e.observations.map((o) => (
                <li key={o.id}>
                  <time className="meta" dateTime={isoTime(o.createdAt)}>
                    {clock(o.createdAt)}
                  </time>{' '}
                  <Chip tone={o.failed ? 'bad' : undefined}>{o.type ?? o.toolName}</Chip>{' '}
                  {onOpenObservation ? (
                    <button type="button" className="link" onClick={() => onOpenObservation(o.id)}>
                      {observationTitle(o)}
                    </button>
                  ) : (
                    <span>{observationTitle(o)}</span>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted small">No tool calls for this prompt.</p>
          )}
        </li>
      ))}
    </ol>
  );
}
