import { Time } from '@/components/Time';
import type { SearchPage } from '@shared/api';

/** A local calendar day, as the machine's locale writes it ("27 Nov 2026"). */
const day = (ms: number): string =>
  new Date(ms).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * What the search did with the words typed, when it did more than match them: the span of days the
 * question names, the session a "last time" question was kept to, or the project the question
 * names (each searched alone), the words it corrected, and the words no memory holds (the results
 * are then what the rest of the question asks for).
 */
export function SearchNote({ page }: { page: SearchPage }) {
  const corrected = Object.entries(page.corrected ?? {});
  const last = page.lastSession;
  const period = page.period;
  const unmatched = page.unmatched ?? [];
  if (
    page.named === undefined &&
    last === undefined &&
    period === undefined &&
    corrected.length === 0 &&
    unmatched.length === 0
  )
    return null;
  const from = period ? day(period.since) : '';
  const to = period ? day(period.until) : '';
  return (
    <p className="search-note" role="status">
      {period !== undefined && (
        <span>
          Only {period.said}: {from === to ? from : `${from} to ${to}`}.{' '}
        </span>
      )}
      {last !== undefined && (
        <span>
          Only the last session: <strong>{last.project}</strong>, started <Time ms={last.since} />.{' '}
        </span>
      )}
      {page.named !== undefined && last === undefined && (
        <span>
          Only <strong>{page.named}</strong>: the project your question names.{' '}
        </span>
      )}
      {corrected.length > 0 && (
        <span>
          Searched for{' '}
          {corrected.map(([typed, used], i) => (
            <span key={typed}>
              {i > 0 && ', '}
              <strong>{used}</strong> (typed {typed})
            </span>
          ))}
          .
        </span>
      )}
      {unmatched.length > 0 && (
        <span>
          No memory holds{' '}
          {unmatched.map((w, i) => (
            <span key={w}>
              {i > 0 && ', '}
              <strong>{w}</strong>
            </span>
          ))}
          : these are what the rest of the question asks for.
        </span>
      )}
    </p>
  );
}
