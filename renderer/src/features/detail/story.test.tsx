import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Observation, Prompt } from '@shared/api';
import { lineDiff } from './api/diff';
import { shownFacts } from './api/facts';
import { EditDiff, editChanges } from './components/EditDiff';
import { editorUrl } from './components/FileLink';
import { episodes } from './components/SessionStory';
import { readable } from './api/readable';
import { runLabel, runsOf, turnOutcome } from './api/steps';

afterEach(cleanup);

const prompt = (n: number, at: number): Prompt => ({
  id: n,
  promptNumber: n,
  prompt: `prompt ${n}`,
  createdAt: at,
});
const obs = (id: number, promptNumber: number, at: number): Observation =>
  ({ id, promptNumber, createdAt: at, toolName: 'Bash', failed: false }) as Observation;

describe('session story', () => {
  it('groups observations under the prompt that caused them, in time order', () => {
    const eps = episodes(
      [prompt(2, 20), prompt(1, 10)],
      [obs(5, 2, 25), obs(3, 1, 12), obs(4, 1, 11), obs(9, 0, 1)],
    );
    expect(eps.map((e) => [e.prompt?.promptNumber ?? null, e.observations.map((o) => o.id)])).toEqual([
      [null, [9]],
      [1, [4, 3]],
      [2, [5]],
    ]);
  });

  it('shows an Edit as a line diff, not JSON', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc')).toEqual([
      { op: 'same', text: 'a' },
      { op: 'del', text: 'b' },
      { op: 'add', text: 'B' },
      { op: 'same', text: 'c' },
    ]);
    const o = {
      toolName: 'Edit',
      toolInput: { file_path: '/src/a.ts', old_string: 'const x = 1;', new_string: 'const x = 2;' },
    };
    render(<EditDiff o={o} />);
    const pre = screen.getByLabelText('Diff 1 of /src/a.ts');
    expect(pre.querySelector('.diff-del')?.textContent).toBe('- const x = 1;');
    expect(pre.querySelector('.diff-add')?.textContent).toBe('+ const x = 2;');
    expect(
      editChanges({
        toolName: 'MultiEdit',
        toolInput: { file_path: '/a', edits: [{ old_string: 'x', new_string: 'y' }, {}] },
      }),
    ).toHaveLength(1);
    expect(editChanges({ toolName: 'Bash', toolInput: { command: 'ls' } })).toEqual([]);
  });

  it('file paths become editor links for absolute paths only', () => {
    expect(editorUrl('/home/me/a b.ts', 'vscode')).toBe('vscode://file/home/me/a%20b.ts');
    expect(editorUrl('C:\\work\\a.ts', 'cursor')).toBe('cursor://file/C:/work/a.ts');
    expect(editorUrl('src/a.ts', 'vscode')).toBeNull();
    expect(editorUrl('/a.ts', 'none')).toBeNull();
  });

  it('hides the extractor bookkeeping facts', () => {
    expect(
      shownFacts([
        'command: npm test',
        'is_test: false',
        'is_build: false',
        'exit_status: unknown',
        '3 tests failed',
      ]),
    ).toEqual(['command: npm test', '3 tests failed']);
  });
});

describe('runs of like steps', () => {
  const step = (
    id: number,
    toolName: string,
    failed: boolean,
    file: string | null,
    extra: Partial<Observation> = {},
  ) =>
    ({
      id,
      toolName,
      failed,
      type: null,
      subtitle: null,
      filesRead: toolName === 'Read' && file ? [file] : [],
      filesModified: toolName !== 'Read' && file ? [file] : [],
      ...extra,
    }) as Observation;

  it('folds consecutive like steps and names them', () => {
    const steps = [
      ...Array.from({ length: 8 }, (_, i) => step(i, 'Read', true, `/a/m${i}.ex`)),
      ...Array.from({ length: 7 }, (_, i) => step(10 + i, 'Edit', false, '/a/lib/session_live.ex')),
      step(20, 'Edit', false, '/a/lib/other.ex'),
      step(21, 'Read', false, '/a/x.ts'),
      step(22, 'Read', false, '/a/y.ts'),
      step(23, 'Read', false, '/a/z.ts'),
      step(24, 'memtray:decision', false, null),
      step(25, 'memtray:decision', false, null),
    ];
    const runs = runsOf(steps);
    expect(runs.map((r) => r.steps.length)).toEqual([8, 7, 1, 3, 1, 1]);
    expect(runLabel(runs[0]!)).toBe('8 reads failed');
    expect(runLabel(runs[1]!)).toBe('7 edits to session_live.ex');
    expect(runLabel(runs[3]!)).toBe('3 reads: x.ts, y.ts +1');
  });

  it("gives the turn's outcome from its episode, else from its steps", () => {
    const calls = [
      step(1, 'Edit', false, '/a/b.ts'),
      step(2, 'Bash', false, null),
      step(3, 'Bash', true, null),
    ];
    expect(turnOutcome(calls)).toEqual({ text: '1 file changed, 2 commands, 1 failed', failed: true });
    const ep = step(4, 'memtray:episode', false, null, { subtitle: 'changed b.ts; tests passed' });
    expect(turnOutcome([...calls, ep])?.text).toBe('changed b.ts; tests passed');
    expect(turnOutcome([])).toBeNull();
  });

  it('says each line of an episode once', () => {
    const r = readable({
      title: 'Asked: make the live view reconnect',
      subtitle: 'changed lib/live.ex. Ended: It reconnects now.',
      narrative:
        'Result: changed lib/live.ex\nAsked: make the live view reconnect\nEnded: It reconnects now.\nOutcome: 1 file changed',
      facts: ['file: lib/live.ex', 'command: mix test', 'tests: passed', 'is_test: false'],
      filesRead: [],
      filesModified: ['/w/lib/live.ex'],
    });
    expect(r.subtitle).toBeNull();
    expect(r.lines.map((l) => l.label)).toEqual(['Result', 'Ended', 'Outcome']);
    expect(r.facts).toEqual(['command: mix test', 'tests: passed']);
  });
});

describe('dates', () => {
  it('show the year only when it is not this year', async () => {
    const { dateTime } = await import('@/format');
    const now = new Date(2026, 10, 25).getTime();
    expect(dateTime(new Date(2026, 2, 4, 14, 5).getTime(), now)).not.toContain('2026');
    expect(dateTime(new Date(2024, 2, 4, 14, 5).getTime(), now)).toContain('2024');
  });
});
