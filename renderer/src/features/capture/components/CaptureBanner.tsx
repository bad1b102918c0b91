import { useApi } from '@/api/context';
import { useSave } from '@/components/useSave';
import { offText } from '../api/captureState';
import { pausePatch, type CaptureState } from '../api/useCapture';

/** "14:05", or "Tue 08:00" when not today. */
export function untilText(ms: number, now: number = Date.now()): string {
  const d = new Date(ms);
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return d.toDateString() === new Date(now).toDateString()
    ? time
    : `${d.toLocaleDateString(undefined, { weekday: 'short' })} ${time}`;
}

/**
 * Shown above every view while nothing is being stored: paused (until when), or Claude Code's hooks
 * in no settings file while nothing arrives (never while the service is receiving events).
 */
export function CaptureBanner({ capture, onOpenHealth }: { capture: CaptureState; onOpenHealth(): void }) {
  const api = useApi();
  const save = useSave();
  if (capture.paused) {
    return (
      <aside className="banner banner-warn" aria-label="Capture status">
        <span>
          Capture paused{capture.until !== null ? ` until ${untilText(capture.until)}` : ''}: nothing is
          stored.
        </span>
        <button
          type="button"
          className="link"
          disabled={save.busy}
          onClick={() => save.run(() => api.updateSettings(pausePatch('resume')).then(capture.reload))}
        >
          Resume
        </button>
      </aside>
    );
  }
  const off = capture.claude ? offText(capture.claude, capture.now) : null;
  if (off !== null) {
    return (
      <aside className="banner banner-warn" aria-label="Capture status">
        <span>{off}</span>
        <button type="button" className="link" onClick={onOpenHealth}>
          Install in Health
        </button>
      </aside>
    );
  }
  return null;
}
