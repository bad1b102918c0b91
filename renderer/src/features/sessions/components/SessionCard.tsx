import type { SessionListItem } from '@shared/api';
import { Chip } from '@/components/ui';
import { Time } from '@/components/Time';
import { plural } from '@/format';

/** One session in the list: its title (full text on hover), status, agent (when not Claude Code), project, time, counts. */
export function SessionCard({ s, onOpen }: { s: SessionListItem; onOpen: (id: number) => void }) {
  const title = s.summaryRequest ?? s.firstPrompt;
  return (
    <button
      type="button"
      className="card session-card"
      data-return-key={`session-${s.id}`}
      onClick={() => onOpen(s.id)}
      title={title ?? `Session ${s.claudeSessionId}`}
    >
      <span className="card-title">
        {title ?? (
          <span className="untitled">
            Session {s.claudeSessionId.slice(0, 8)} <span className="muted">· no prompt recorded</span>
          </span>
        )}
      </span>
      <span className="meta">
        <Chip tone={s.status === 'completed' ? 'ok' : s.status === 'active' ? 'info' : undefined}>
          {s.status}
        </Chip>{' '}
        {s.agent && s.agent !== 'claude-code' && <Chip>{s.agent}</Chip>} {s.project} ·{' '}
        <Time ms={s.updatedAt} /> · {plural(s.observationCount, 'observation')}
      </span>
    </button>
  );
}
