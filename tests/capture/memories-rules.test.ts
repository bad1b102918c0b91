/** The heuristics behind the remembered rows: command identity, error lines, closing questions. */
import { describe, expect, it } from 'vitest';
import { commandKeys } from '../../electron/core/memories/bugfix.js';
import { lastQuestion } from '../../electron/core/memories/choice.js';
import { splitReason } from '../../electron/core/ingest/decision.js';
import { errorLines, firstErrorLine } from '../../electron/core/memories/text.js';

describe('commandKeys', () => {
  it('names each step by program and subcommand, leaving out cd/echo, pipes, env and flags', () => {
    expect(commandKeys('npm test')).toEqual(['npm test']);
    expect(commandKeys('cd app && CI=1 npx vitest run a.test.ts 2>&1 | tail -5')).toEqual(['npx vitest']);
    expect(commandKeys('git add . && git commit -m "fix"')).toEqual(['git add', 'git commit']);
    expect(commandKeys('mix test test/x_test.exs')).toEqual(['mix test']);
    expect(commandKeys('ls -la /tmp')).toEqual(['ls']);
  });

  it("ignores a heredoc's body (a commit message is not a command)", () => {
    const cmd = `git commit -m "$(cat <<'EOF'\nfeat: make tests pass\n\nnpm test; rm -rf x\nEOF\n)"`;
    expect(commandKeys(cmd)).toEqual(['git commit']);
  });
});

describe('errorLines', () => {
  it('skips exit-code noise and prefers the line that names the error', () => {
    const out =
      'Error: Exit code 1\nFAIL src/math.test.ts\n  ✕ adds\n    AssertionError: expected 5 to be 4\n';
    expect(firstErrorLine(out)).toBe('AssertionError: expected 5 to be 4');
    expect(errorLines(out, 3)).toEqual(['AssertionError: expected 5 to be 4', 'FAIL src/math.test.ts']);
  });

  it('reads a line that announces more with the next one, and decodes doubly encoded line breaks', () => {
    expect(firstErrorLine('Pre-commit validation failed:\\n\\n[FORMAT] Code is not formatted.')).toBe(
      'Pre-commit validation failed: [FORMAT] Code is not formatted.',
    );
    expect(firstErrorLine('')).toBeNull();
    expect(firstErrorLine('x'.repeat(5000))!.length).toBeLessThanOrEqual(200);
  });
});

describe('lastQuestion', () => {
  it('finds the question a final answer ends with, not an earlier one', () => {
    expect(lastQuestion('Done. Should I also update the docs, or leave them?')).toBe(
      'Should I also update the docs, or leave them?',
    );
    expect(lastQuestion('Why did it fail? Because of X. All tests pass now.')).toBeNull();
    expect(lastQuestion('Options:\n1. Keep it\n2. Drop it\nWhich one do you prefer?')).toBe(
      'Which one do you prefer?',
    );
  });
});

describe('splitReason', () => {
  it('splits the choice (its own sentence) from the reason clause', () => {
    expect(splitReason('SQLite, because it survives restarts')).toEqual({
      choice: 'SQLite',
      reason: 'because it survives restarts',
    });
    expect(splitReason('Floats or cents? Go with integer cents, because float sums drift.')).toEqual({
      choice: 'Go with integer cents',
      reason: 'because float sums drift.',
    });
    expect(splitReason('Because I said so')).toEqual({ choice: 'Because I said so', reason: null });
    expect(splitReason('tests first please')).toEqual({ choice: 'tests first please', reason: null });
  });
});
