import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Observation, Prompt } from '../../../../electron/shared/api';
import { lineDiff } from './api/diff';
import { shownFacts } from './api/facts';
import { EditDiff, editChanges } from './components/EditDiff';
import { editorUrl } from './components/FileLink';
import { episodes } from './components/SessionStory';

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

describe('dates', () => {
  it('show the year only when it is not this year', async () => {
    const { dateTime } = await import('../../format');
    const now = new Date(2026, 10, 25).getTime();
    expect(dateTime(new Date(2026, 2, 4, 14, 5).getTime(), now)).not.toContain('2026');
    expect(dateTime(new Date(2024, 2, 4, 14, 5).getTime(), now)).toContain('2024');
  });
});
