import { Time } from '@/components/Time';
import type { SearchPage } from '@shared/api';

/**
 * What the search did with the words typed, when it did more than match them: the session a "last
 * time" question was kept to, or the project the question names (each searched alone), and the
 * words it corrected.
 */
export function SearchNote({ page }: { page: SearchPage }) {
  const corrected = Object.entries(page.corrected ?? {});
  const last = page.lastSession;
  if (page.named === undefined && last === undefined && corrected.length === 0) return null;
  return (
    <p className="search-note" role="status">
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
    </p>
  );
}
