import { useRef, type KeyboardEvent } from 'react';

export interface Section<T extends string> {
  id: T;
  label: string;
}

/** A view's own row of sections (Settings, Health): tabs inside the view, arrow keys move between them. */
export function SectionNav<T extends string>(props: {
  label: string;
  sections: ReadonlyArray<Section<T>>;
  current: T;
  onSelect: (id: T) => void;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const { sections } = props;
  const onKey = (e: KeyboardEvent, i: number): void => {
    const n = sections.length;
    const to = e.key === 'ArrowRight' ? (i + 1) % n : e.key === 'ArrowLeft' ? (i - 1 + n) % n : -1;
    if (to < 0) return;
    e.preventDefault();
    props.onSelect(sections[to]!.id);
    refs.current[to]?.focus();
  };
  return (
    <nav className="sections" role="tablist" aria-label={props.label}>
      {sections.map((s, i) => (
        <button
          key={s.id}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`section-${s.id}`}
          type="button"
          role="tab"
          aria-selected={s.id === props.current}
          tabIndex={s.id === props.current ? 0 : -1}
          onClick={() => props.onSelect(s.id)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {s.label}
        </button>
      ))}
    </nav>
  );
}
