import { describe, expect, it } from 'vitest';
import { buildAndTestSteps } from '../../electron/core/memories/command-class.js';

describe('the build and test steps of a shell command', () => {
  it('keeps the steps that build or test, without their redirections and pipes', () => {
    expect(buildAndTestSteps('git init -q && npm test 2>&1 | tail -9')).toEqual(['npm test']);
    expect(buildAndTestSteps('make -s && python3 tests/run.py | grep -c PASS')).toEqual([
      'make -s',
      'python3 tests/run.py',
    ]);
    expect(buildAndTestSteps('make test > build.log 2>&1 && go test ./... &> go.log')).toEqual([
      'make test',
      'go test ./...',
    ]);
    expect(buildAndTestSteps('cargo test --offline 2>/dev/null; cargo test --offline')).toEqual([
      'cargo test --offline',
    ]);
  });

  it('leaves out a tool asked for its version, other commands, and a step with quoted arguments', () => {
    expect(buildAndTestSteps('cc --version | head -1 && make --version | head -1')).toEqual([]);
    expect(buildAndTestSteps('git status --short && ls src')).toEqual([]);
    expect(buildAndTestSteps('pytest -k "slow and not db"')).toEqual([]);
  });
});
