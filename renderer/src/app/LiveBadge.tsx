import type { LiveStatus } from '@shared/api';

/** The header's state: Live, Connecting… (first connect), Offline — retrying, or Paused. */
export function LiveBadge({ live, paused }: { live: LiveStatus; paused: boolean }) {
  const label =
    live === 'unauthorised'
      ? 'Not authorised'
      : live === 'down'
        ? 'Offline — retrying'
        : live === 'connecting'
          ? 'Connecting…'
          : paused
            ? 'Paused'
            : 'Live';
  const tone = live === 'live' && paused ? 'paused' : live;
  return (
    <span
      className={`live live-${tone}`}
      role="status"
      title={
        live === 'unauthorised'
          ? 'The service refused this link: open the UI from the link `memtray serve` prints'
          : live === 'down'
            ? 'The MemTray service does not answer; reconnecting on its own'
            : paused
              ? 'Capture is paused: nothing is stored'
              : `Live updates: ${live}`
      }
    >
      <span className="dot" aria-hidden="true" />
      {label}
    </span>
  );
}
