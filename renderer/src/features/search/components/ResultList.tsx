import type { SearchHit } from '@shared/api';
import { Chip, Empty, Highlight } from '@/components/ui';
import { Time } from '@/components/Time';

/** The results as a listbox: the highlighted one follows the mouse and the arrow keys. */
export function ResultList({
  id,
  items,
  active,
  setActive,
  open,
}: {
  id: string;
  items: SearchHit[];
  active: number;
  setActive: (i: number) => void;
  open: (hit: SearchHit) => void;
}) {
  return (
    <ul id={id} role="listbox" aria-label="Results" className="results">
      {items.map((h, i) => (
        <li
          key={`${h.kind}-${h.id}`}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'active' : ''}
          onMouseEnter={() => setActive(i)}
          onClick={() => open(h)}
        >
          <div className="result-head">
            <Chip tone={h.kind === 'summary' ? 'info' : undefined}>{h.type ?? h.kind}</Chip>
            <span className="result-title" title={h.title}>
              {h.title}
            </span>
          </div>
          <p className="snippet">
            <Highlight text={h.snippet} />
          </p>
          <p className="meta">
            {h.project} · {h.agent !== 'claude-code' && <Chip>{h.agent}</Chip>} <Time ms={h.createdAt} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** What Search says before anything is typed. */
export function SearchHelp() {
  return (
    <Empty title="Search everything your coding agents did">
      <p>
        Type a word, a file name or an error. Use <kbd>↑</kbd> <kbd>↓</kbd> and <kbd>Enter</kbd> to open a
        result, <kbd>Esc</kbd> to come back.
      </p>
      <p className="muted small">
        Nothing recorded yet? <a href="#health">Install your agents' hooks in Health</a>, or import your past
        transcripts from there.
      </p>
    </Empty>
  );
}
