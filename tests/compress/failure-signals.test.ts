/**
 * What a failure and a command say: the meaningful error line(s) of real failed tool responses
 * (recorded in the corpus and the pricebook fixture), and test/build classification of real commands
 * by the program actually run, not by words in a commit message.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorGist, errorLines } from '../../electron/core/memories/error-lines.js';
import { extractRules } from '../../electron/core/compress/rules.js';
import { commandKind, isBuildCommand, isTestCommand } from '../../electron/core/compress/rules-util.js';

const failed = JSON.parse(
  readFileSync(new URL('../fixtures/capture-signals/failed-responses.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const resp = (k: string): string => `Error: ${failed[k]!}`;

describe('errorGist (real failed responses)', () => {
  it('names the failed test of a node:test TAP report, then its assertion, not its YAML markers or stack', () => {
    expect(errorGist(resp('node-test-assertion-nan'))).toBe(
      'not ok 6 - cart total adds 21% VAT on the net · Expected values to be strictly equal: NaN !== 2420',
    );
    // Of several failed tests, the first one's name leads, then what went wrong.
    expect(errorGist(resp('node-test-reference-error'))).toBe(
      'not ok 5 - cart total of an empty cart is zero · discountRate is not defined',
    );
    const diff = errorGist(resp('node-test-assertion-diff'))!;
    expect(diff).toMatch(
      /^not ok 3 - checkout prints one line per item · Expected values to be strictly equal: \+ '2 x Mug €25\.00' - '2 x Mug EUR 25\.00'/,
    );
    expect(diff.length).toBeLessThanOrEqual(240);
    for (const k of Object.keys(failed)) {
      for (const l of errorLines(resp(k), 3))
        expect(l).not.toMatch(/^(?:\|-|>|\{|at |Exit code|duration_ms)/);
    }
  });

  it('keeps git and pre-commit errors', () => {
    expect(errorGist(resp('git-push-no-upstream'))).toBe(
      'fatal: The current branch spotter-dov has no upstream branch.',
    );
    expect(errorGist(resp('precommit-format'))).toMatch(
      /^Pre-commit validation failed: \[FORMAT\] Code is not/,
    );
    expect(errorGist(resp('git-add-ignored'))).toBe(
      'The following paths are ignored by one of your .gitignore files: priv/static/assets',
    );
    expect(errorGist('Exit code 1\n\n  |-\n')).toBeNull();
    // A `path:line: kind` diagnostic (dialyzer, compilers) names the error even without error words.
    const dialyzer =
      'Pre-commit validation failed:\\n\\n[DIALYZER]\\nFinding suitable PLTs\nChecking PLT...\n' +
      'No :ignore_warnings opt specified in mix.exs and default does not exist.\n\n' +
      'lib/spotter/services/waiting_summary.ex:120:18:pattern_match\n';
    expect(errorGist(dialyzer)).toBe(
      'Pre-commit validation failed: [DIALYZER] · lib/spotter/services/waiting_summary.ex:120:18:pattern_match',
    );
  });

  // Outputs of the project's own recorded sessions (bench/recall/blind/transcripts).
  it('names a Rust panic by its message and an assertion by the sides it printed', () => {
    const cargo = [
      'Error: Exit code 101',
      'warning: struct `TokenBucket` is never constructed',
      ' --> src/bucket.rs:6:12',
      'running 5 tests',
      'test bucket::tests::refills_between_whole_seconds ... FAILED',
      '---- bucket::tests::refills_between_whole_seconds stdout ----',
      "thread 'bucket::tests::refills_between_whole_seconds' (22780) panicked at src/bucket.rs:49:9:",
      '10/s should give a token back after 100 ms',
      'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
      'test result: FAILED. 4 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s',
      'error: test failed, to rerun pass `--lib`',
    ].join('\n');
    expect(errorGist(cargo)).toMatch(
      /^thread 'bucket::tests::refills_between_whole_seconds' \(22780\) panicked at src\/bucket\.rs:49:9: 10\/s should give a token back after 100 ms · /,
    );
    const sides = [
      "thread 'gcra::tests::sweep_forgets_idle_keys' (24350) panicked at src/gcra.rs:165:9:",
      "assertion `left == right` failed: a's TAT has come, so it is as fresh as an unseen key",
      '  left: 2',
      ' right: 1',
      'test result: FAILED. 5 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s',
    ].join('\n');
    expect(errorLines(sides, 1)[0]).toMatch(/unseen key · left: 2 · right: 1$/);
    // `left:` and `right:` lines not under an assertion stay lines of their own.
    expect(errorLines('error: columns differ\nleft: a\nright: b', 3)).toEqual(['columns differ']);
  });

  it("names a Python unittest failure by its failed test, then the assertion's line", () => {
    const unittest = [
      'Exit code 1',
      'F....',
      '======================================================================',
      'FAIL: test_annotation_escapes_values (tests.test_cli.CliTest.test_annotation_escapes_values)',
      '----------------------------------------------------------------------',
      'Traceback (most recent call last):',
      '  File "/tmp/memtray-blind/anchorage/tests/test_cli.py", line 47, in test_annotation_escapes_values',
      '    self.assertEqual(annotation(b), "::error file=docs/a%2Cb.md,line=3")',
      "AssertionError: '::error file=docs/a,b.md,line=3' != '::error file=docs/a%2Cb.md,line=3'",
      'FAILED (failures=1)',
    ].join('\n');
    expect(errorLines(unittest, 1)).toEqual([
      'FAIL: test_annotation_escapes_values (tests.test_cli.CliTest.test_annotation_escapes_values)',
    ]);
  });

  it("keeps a compiler's note and a program's `prog: file:line:` diagnostic", () => {
    const rustc = [
      'error[E0277]: `Cell<Duration>` cannot be shared between threads safely',
      '   = help: within `Limiter<ManualClock>`, the trait `Sync` is not implemented for `Cell<Duration>`',
      '   = note: if you want to do aliasing and mutation between multiple threads, use `std::sync::RwLock`',
    ].join('\n');
    expect(errorLines(rustc, 3)[2]).toMatch(/use `std::sync::RwLock`$/);
    const valgrind = [
      '==32676== Memcheck, a memory error detector',
      "logrot: /tmp/bad.conf:4: unknown key 'sise'",
      '==32676== ERROR SUMMARY: 1 errors from 1 contexts (suppressed: 0 from 0)',
    ].join('\n');
    expect(errorLines(valgrind, 1)).toEqual(["logrot: /tmp/bad.conf:4: unknown key 'sise'"]);
  });

  it('names a Rust diagnostic with the place it points at', () => {
    const clippy = [
      '    Checking turnstile v0.1.0 (/tmp/turnstile)',
      'error: struct `Gcra` has a public `len` method, but no `is_empty` method',
      '   --> src/gcra.rs:104:5',
      '    |',
      '104 |     pub fn len(&self) -> usize {',
      '    |     ^^^^^^^^^^^^^^^^^^^^^^^^^^',
      'error: could not compile `turnstile` (lib) due to 1 previous error',
    ].join('\n');
    expect(errorLines(clippy, 1)).toEqual([
      'struct `Gcra` has a public `len` method, but no `is_empty` method (src/gcra.rs:104:5)',
    ]);
  });

  it('gives a failed command and a failed tool call their error in subtitle and facts', () => {
    const test = extractRules({
      toolName: 'Bash',
      toolInput: { command: 'node test.js', description: 'Run the tests' },
      toolResponse: resp('node-test-assertion-nan'),
      failed: true,
      cwd: '/p',
    });
    expect(test.title).toBe('Tests failed: Run the tests');
    expect(test.subtitle).toMatch(/^not ok 6 - cart total adds 21% VAT on the net · Expected values/);
    expect(test.facts).toContain(
      'error: not ok 6 - cart total adds 21% VAT on the net · Expected values to be strictly equal: NaN !== 2420',
    );
    const push = extractRules({
      toolName: 'Bash',
      toolInput: { command: 'git push 2>&1', description: 'Push to remote' },
      toolResponse: resp('git-push-no-upstream'),
      failed: true,
      cwd: '/p',
    });
    expect(push).toMatchObject({ type: 'failure', title: 'Command failed: Push to remote' });
    expect(push.subtitle).toBe(
      'fatal: The current branch spotter-dov has no upstream branch. — git push 2>&1',
    );
    const edit = extractRules({
      toolName: 'Edit',
      toolInput: { file_path: '/p/a.ts', old_string: 'x', new_string: 'y' },
      toolResponse: '<tool_use_error>String to replace not found in file.\nString: x</tool_use_error>',
      failed: true,
      cwd: '/p',
    });
    expect(edit.subtitle).toMatch(/^String to replace not found in file\./);
    expect(edit.facts).toContain('error: String to replace not found in file.');
  });
});

describe('command classes (real commands)', () => {
  it('does not call git, bd or a commit message mentioning tests a test run', () => {
    const notTests = [
      'git add -f priv/static/assets/spotter.css',
      `git add .beads/issues.jsonl && git commit -m "$(cat <<'EOF'\nfeat: unified transcript visualization\n\nAll tests pass; npm test\nEOF\n)"`,
      'bd create --title="Add mix quality alias" --type=task --description="Run mix test and credo"',
      'bd close spotter-dov.2 --reason="Removed silent truncation. Tests added."',
      'git init -q && git add -A && git commit -q -m "Make the tests build" && git log --oneline',
      'grep -rn "test" src',
      'mix dialyzer 2>&1 | grep -E "^(lib/spotter|test/)" | head -20',
    ];
    for (const c of notTests) expect([c, commandKind(c)]).toEqual([c, null]);
  });

  it('recognises test and build runs by program and subcommand', () => {
    const tests = [
      'node test.js',
      'mix test test/spotter_web/live/session_live_test.exs 2>&1 | tail -30',
      'mix test 2>&1 | grep -E "(tests|failures)"',
      'npm test',
      'npm run test:unit -- --watch=false',
      'cd app && CI=1 npx vitest run a.test.ts',
      'pytest -q',
      'python -m pytest tests/',
      'go test ./...',
      'cargo test --release',
      'node --test',
      'timeout 60 yarn test',
      'bundle exec rspec spec/x_spec.rb',
    ];
    for (const c of tests) expect([c, isTestCommand(c)]).toEqual([c, true]);
    const builds = ['mix compile 2>&1 | tail -5', 'npx tsc --noEmit', 'npm run build', 'cargo build', 'make'];
    for (const c of builds) expect([c, isBuildCommand(c)]).toEqual([c, true]);
    expect(isBuildCommand('echo "build it"; git commit -m "compile fix"')).toBe(false);
  });
});
