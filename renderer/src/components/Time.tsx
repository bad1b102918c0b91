import { ago } from '@/format';
import { safeDate } from '@shared/time';

/** A relative time ("3 min ago") with the absolute date and time on hover, in a real <time>. */
export function Time({ ms }: { ms: number }) {
  const d = safeDate(ms);
  return (
    <time
      dateTime={d.toISOString()}
      title={d.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' })}
    >
      {ago(ms)}
    </time>
  );
}
