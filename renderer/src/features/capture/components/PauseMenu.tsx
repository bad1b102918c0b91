import { useApi } from '@/api/context';
import { useSave } from '@/components/useSave';
import { ErrorBox } from '@/components/ui';
import { pausePatch, type CaptureState, type PauseChoice } from '../api/useCapture';
import { untilText } from './CaptureBanner';

/** Pause capture for an hour, until tomorrow morning or until resumed; or resume. */
export function PauseMenu({ capture }: { capture: CaptureState }) {
  const api = useApi();
  const save = useSave();
  const set = (c: PauseChoice): void =>
    save.run(() => api.updateSettings(pausePatch(c)).then(capture.reload));
  if (capture.paused === null) return null;
  return (
    <div className="pause-menu" role="group" aria-label="Pause capture">
      {capture.paused ? (
        <>
          <span className="meta">
            Capture paused{capture.until !== null ? ` until ${untilText(capture.until)}` : ''}.
          </span>
          <button type="button" className="primary" disabled={save.busy} onClick={() => set('resume')}>
            Resume capture
          </button>
        </>
      ) : (
        <>
          <span className="meta">Pause capture:</span>
          <button type="button" disabled={save.busy} onClick={() => set('hour')}>
            For 1 hour
          </button>
          <button type="button" disabled={save.busy} onClick={() => set('tomorrow')}>
            Until tomorrow
          </button>
          <button type="button" disabled={save.busy} onClick={() => set('resumed')}>
            Until resumed
          </button>
        </>
      )}
      {save.error !== undefined && <ErrorBox error={save.error} />}
    </div>
  );
}
