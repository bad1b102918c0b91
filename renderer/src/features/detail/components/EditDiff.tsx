import type { Observation } from '@shared/api';
import { lineDiff, type DiffLine } from '../api/diff';

interface Change {
  file: string | null;
  before: string;
  after: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The old → new text pairs of an Edit, MultiEdit or Write call, or [] for other tools. */
export function editChanges(o: Pick<Observation, 'toolName' | 'toolInput'>): Change[] {
  const input = o.toolInput;
  if (typeof input !== 'object' || input === null) return [];
  const i = input as Record<string, unknown>;
  const file = str(i.file_path);
  if (o.toolName === 'Edit') {
    const before = str(i.old_string);
    const after = str(i.new_string);
    return before !== null && after !== null ? [{ file, before, after }] : [];
  }
  if (o.toolName === 'MultiEdit' && Array.isArray(i.edits)) {
    return (i.edits as unknown[]).flatMap((e) => {
      const r = (typeof e === 'object' && e !== null ? e : {}) as Record<string, unknown>;
      const before = str(r.old_string);
      const after = str(r.new_string);
      return before !== null && after !== null ? [{ file, before, after }] : [];
    });
  }
  if (o.toolName === 'Write') {
    const content = str(i.content);
    return content !== null ? [{ file, before: '', after: content }] : [];
  }
  return [];
}

const MAX_LINES = 400;

/** An edit as a unified diff (− removed, + added), not raw JSON. */
export function EditDiff({ o }: { o: Pick<Observation, 'toolName' | 'toolInput'> }) {
  const changes = editChanges(o);
  if (changes.length === 0) return null;
  return (
    <div className="diffs">
      <h4>{o.toolName === 'Write' ? 'Written' : 'Changes'}</h4>
      {changes.map((c, n) => {
        const lines: DiffLine[] = lineDiff(c.before, c.after);
        return (
          <pre className="diff" key={n} aria-label={`Diff ${n + 1}${c.file ? ` of ${c.file}` : ''}`}>
            {lines.slice(0, MAX_LINES).map((l, i) => (
              <span key={i} className={`diff-${l.op}`}>
                {l.op === 'add' ? '+ ' : l.op === 'del' ? '- ' : '  '}
                {l.text}
              </span>
            ))}
            {lines.length > MAX_LINES && (
              <span className="muted">… {lines.length - MAX_LINES} more lines</span>
            )}
          </pre>
        );
      })}
    </div>
  );
}
