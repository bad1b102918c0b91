import type { KeyStatus } from '@shared/contract/provider';
import { useApi } from '@/api/context';
import { Chip, ErrorBox } from '@/components/ui';
import { useSave } from '@/components/useSave';
import { dateTime } from '@/format';
import { useKeyStatus } from '../api/useKeyStatus';

const CHIP: Record<KeyStatus['state'], { tone: 'ok' | 'warn' | 'bad' | undefined; text: string }> = {
  none: { tone: 'warn', text: 'no key' },
  unknown: { tone: 'ok', text: 'key set' },
  valid: { tone: 'ok', text: 'key works' },
  invalid: { tone: 'bad', text: 'key rejected' },
  unreachable: { tone: 'warn', text: 'provider unreachable' },
};

/** The key's chip: "key set" until tried, then "key works" or "key rejected" (invalid or expired). */
export function KeyChip() {
  const st = useKeyStatus();
  // An older service without the route: the plain "key set".
  const c = CHIP[st.data?.state ?? 'unknown'];
  return <Chip tone={c.tone}>{c.text}</Chip>;
}

/** "Test key": one cheap request through the service, and what the provider said last. */
export function KeyTest() {
  const api = useApi();
  const st = useKeyStatus();
  const test = useSave();
  const s = st.data;
  return (
    <div className="key-test">
      <button
        type="button"
        disabled={test.busy}
        onClick={() => test.run(() => api.testKey().then(st.reload))}
      >
        {test.busy ? 'Testing…' : 'Test key'}
      </button>
      {s && s.state === 'invalid' && (
        <p className="error" role="alert">
          The provider refused this key{s.source === 'compression' ? ' during compression' : ''}: it is wrong,
          revoked or expired. Compression falls back to the rules until you replace it. {s.message}
        </p>
      )}
      {s && s.state === 'valid' && s.checkedAt !== null && (
        <p className="ok-note" role="status">
          The key works (checked {dateTime(s.checkedAt)}).
        </p>
      )}
      {s && s.state === 'unreachable' && (
        <p className="warn-note" role="status">
          Could not reach the provider: {s.message}
        </p>
      )}
      {test.error !== undefined && <ErrorBox error={test.error} />}
    </div>
  );
}
