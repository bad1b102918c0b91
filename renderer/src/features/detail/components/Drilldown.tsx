import { useCallback } from 'react';
import { detailHash, setHash, useRoute, type Detail } from '@/router/hash';
import { ObservationDetail } from './ObservationDetail';
import { SessionDetail } from './SessionDetail';

/** Where Back goes from an observation opened from a session's story: that session. */
interface BackState {
  back: string;
}

const backOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && typeof (state as Partial<BackState>).back === 'string'
    ? (state as BackState).back
    : null;

/**
 * A list that opens details in place (Recent, Search, Sessions): the detail its address names
 * (`#/observation/12`, `#/session/3`), and `open` to go there. The list stays mounted under the
 * detail, so its state (query, filters, pages loaded) is there when Back returns.
 */
export function useDrilldown(): { detail: Detail | null; open: (d: Detail) => void } {
  const { detail } = useRoute();
  const open = useCallback((d: Detail): void => setHash(detailHash(d), null), []);
  return { detail, open };
}

/**
 * The detail a list opened, the same from every list. Back and Esc return to the list (`#<list>`),
 * or from an observation opened in a session's story to that session; a deleted session returns to
 * the list and calls `onDeleted` with its id.
 */
export function Drilldown(props: { detail: Detail; list: string; onDeleted?: (sessionId: number) => void }) {
  const { detail, list, onDeleted } = props;
  const toList = useCallback((): void => setHash(`#${list}`, null), [list]);
  const back = useCallback((): void => setHash(backOf(history.state) ?? `#${list}`, null), [list]);
  if (detail.kind === 'observation')
    return (
      <ObservationDetail
        id={detail.id}
        onBack={back}
        onOpenSession={(id) => setHash(detailHash({ kind: 'session', id }), null)}
      />
    );
  return (
    <SessionDetail
      id={detail.id}
      onBack={back}
      onDeleted={() => {
        toList();
        onDeleted?.(detail.id);
      }}
      onOpenObservation={(id) =>
        setHash(detailHash({ kind: 'observation', id }), { back: detailHash(detail) } satisfies BackState)
      }
    />
  );
}
