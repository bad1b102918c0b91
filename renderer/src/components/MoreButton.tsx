import type { PagedList } from '@/api/usePagedList';
import { ErrorBox } from './ui';

/**
 * The end of a paged list: a button that asks for the next page, disabled and saying "Loading…"
 * while it loads; a page that failed says why, with Try again asking for the same page.
 */
export function MoreButton({
  list,
  label,
}: {
  list: Pick<PagedList<unknown, unknown>, 'more' | 'loadingMore' | 'moreError'>;
  label: string;
}) {
  const { more, loadingMore, moreError } = list;
  if (!more) return null;
  if (moreError !== undefined) return <ErrorBox error={moreError} onRetry={more} />;
  return (
    <button type="button" className="more" onClick={more} disabled={loadingMore} aria-busy={loadingMore}>
      {loadingMore ? 'Loading…' : label}
    </button>
  );
}
