/**
 * A turn's tool calls as a reader wants them: runs of like steps folded into one line ("8 reads
 * failed", "7 edits to session_live.ex"), and the turn's outcome in one line without opening anything.
 */
import type { Observation } from '@shared/api';

type Step = Pick<Observation, 'id' | 'toolName' | 'failed' | 'filesRead' | 'filesModified' | 'type'>;

/** A run of consecutive like steps; one step is a run of one. */
export interface Run<T extends Step = Observation> {
  key: string;
  steps: T[];
}

const CHANGE_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/** MemTray's own remembered rows (the turn's episode, decisions, bug fixes), not tool calls. */
export const isMemoryRow = (o: Pick<Observation, 'toolName'>): boolean => o.toolName.startsWith('memtray:');

const baseName = (p: string): string => p.split(/[\\/]/).filter(Boolean).pop() ?? p;

function fileOf(o: Step): string | null {
  return o.filesModified[0] ?? o.filesRead[0] ?? null;
}

/** Like steps: the same tool with the same result; changes only to the same file. Decisions stand alone. */
function likeKey(o: Step): string {
  if (o.toolName === 'memtray:decision') return `decision:${o.id}`;
  const base = `${o.toolName}|${o.failed ? 'failed' : 'ok'}`;
  return CHANGE_TOOLS.has(o.toolName) && !o.failed ? `${base}|${fileOf(o) ?? ''}` : base;
}

/** Consecutive like steps grouped into runs, in order. */
export function runsOf<T extends Step>(steps: T[]): Run<T>[] {
  const out: Run<T>[] = [];
  for (const s of steps) {
    const key = likeKey(s);
    const last = out[out.length - 1];
    if (last && last.key === key) last.steps.push(s);
    else out.push({ key, steps: [s] });
  }
  return out;
}

const NOUNS: Record<string, [string, string]> = {
  Read: ['read', 'reads'],
  Edit: ['edit', 'edits'],
  MultiEdit: ['edit', 'edits'],
  NotebookEdit: ['notebook edit', 'notebook edits'],
  Write: ['write', 'writes'],
  Bash: ['command', 'commands'],
  Grep: ['search', 'searches'],
  Glob: ['file search', 'file searches'],
  WebFetch: ['fetch', 'fetches'],
  WebSearch: ['web search', 'web searches'],
  Task: ['agent task', 'agent tasks'],
  TodoWrite: ['to-do update', 'to-do updates'],
};

function noun(tool: string, n: number): string {
  const [one, many] = NOUNS[tool] ?? [`${tool} call`, `${tool} calls`];
  return `${n} ${n === 1 ? one : many}`;
}

/** Up to `max` names, then "+N". */
function names(files: string[], max = 2): string {
  const u = [...new Set(files.map(baseName))];
  return u.length > max ? `${u.slice(0, max).join(', ')} +${u.length - max}` : u.join(', ');
}

/** The one line that stands for a run of two or more steps. */
export function runLabel(run: Run<Step>): string {
  const first = run.steps[0]!;
  const n = run.steps.length;
  const what = noun(first.toolName, n);
  if (first.failed) return `${what} failed`;
  const files = run.steps.map(fileOf).filter((f): f is string => f !== null);
  if (CHANGE_TOOLS.has(first.toolName) && files[0]) return `${what} to ${baseName(files[0])}`;
  return files.length > 0 ? `${what}: ${names(files)}` : what;
}

/**
 * The turn's outcome in one line: the episode MemTray wrote for it when there is one (its result
 * and how the turn ended), else counted from its steps ("2 files changed, 5 commands, 1 failed").
 */
export function turnOutcome(
  steps: Array<Step & Pick<Observation, 'subtitle'>>,
): { text: string; failed: boolean } | null {
  const episode = steps.find((o) => o.toolName === 'memtray:episode' && o.subtitle);
  const calls = steps.filter((o) => !isMemoryRow(o));
  const failed = calls.filter((o) => o.failed).length;
  if (episode?.subtitle) return { text: episode.subtitle, failed: failed > 0 };
  if (calls.length === 0) return null;
  const changed = new Set(
    calls.filter((o) => CHANGE_TOOLS.has(o.toolName) && !o.failed).flatMap((o) => o.filesModified),
  );
  const commands = calls.filter((o) => o.toolName === 'Bash').length;
  const parts = [
    changed.size > 0 ? `${changed.size} ${changed.size === 1 ? 'file' : 'files'} changed` : '',
    commands > 0 ? noun('Bash', commands) : '',
    failed > 0 ? `${failed} failed` : '',
  ].filter((p) => p !== '');
  const text =
    parts.length > 0 ? parts.join(', ') : `${calls.length} tool ${calls.length === 1 ? 'call' : 'calls'}`;
  return { text, failed: failed > 0 };
}
