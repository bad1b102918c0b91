// `npm test`: every test. Build, typecheck, lint; the vitest suites (node + web); the real Claude Code
// CLI end to end; the other agents' real CLIs (Codex, Gemini CLI, opencode) end to end (tests/e2e/agents); sync on real engines
// (tests/e2e/sync-engines: Syncthing, git); the proof soak suites;
// the browser e2e (Playwright + Debian chromium); the Electron smoke test (skips with a reason where no Electron binary exists).
// Ends with one plain line: "N passed, N failed, N skipped".
//   MEMTRAY_TEST_SKIP=soak,claude,agents,sync-engines   skip named steps (for a quick local loop; CI runs everything)
//   MEMTRAY_TEST_LTS=1              add tests/core, tests/recall, tests/capture under the current Node LTS
//                                   (.ci/lts.sh; .ci/run sets it)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' };
const skip = new Set((process.env.MEMTRAY_TEST_SKIP ?? '').split(',').filter(Boolean));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const timings = [];
/** Titles of the tests that failed, printed at the end so the tail of a CI log names them. */
const failedTests = [];
/** Tests that failed once and passed on their retry. */
const flakyTests = [];

function step(id, name, cmd, args) {
  if (skip.has(id)) {
    process.stdout.write(`\n== ${name}: skipped (MEMTRAY_TEST_SKIP)\n`);
    return true;
  }
  process.stdout.write(`\n== ${name}: ${cmd} ${args.join(' ')}\n`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  const ok = r.status === 0;
  const secs = (Date.now() - t0) / 1000;
  timings.push(`${name} ${secs.toFixed(0)}s`);
  process.stdout.write(
    `== ${name}: ${ok ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${secs.toFixed(1)}s\n`,
  );
  if (!ok) failures.push(name);
  return ok;
}

function vitestCounts(j) {
  for (const file of j.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      const why = (t.failureMessages ?? [])[0]?.split('\n')[0] ?? '';
      const where = `${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}`;
      // Passed on its retry (CI: vitest.config.ts): named, not counted as a failure.
      if (t.status === 'passed' && why) flakyTests.push(`${where}: ${why.slice(0, 300)}`);
      if (t.status !== 'failed') continue;
      failedTests.push(`${where}: ${why.slice(0, 300)}`);
    }
  }
  return {
    passed: j.numPassedTests,
    failed: j.numFailedTests,
    skipped: j.numPendingTests + j.numTodoTests,
  };
}

function playwrightFailures(suite, trail) {
  const here = suite.title ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
      const err = t.results?.find((r) => r.error)?.error?.message?.split('\n')[0] ?? '';
      failedTests.push(`${[...here, spec.title].join(' > ')} (${t.status}): ${err.slice(0, 300)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
}

function playwrightCounts(j) {
  for (const suite of j.suites ?? []) playwrightFailures(suite, []);
  return {
    passed: j.stats.expected,
    failed: j.stats.unexpected + j.stats.flaky,
    skipped: j.stats.skipped,
  };
}

function count(file, read) {
  if (!existsSync(file)) return;
  try {
    const c = read(JSON.parse(readFileSync(file, 'utf8')));
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  } catch (err) {
    process.stdout.write(`(could not read ${file}: ${err.message})\n`);
  }
}

/** A vitest run with a JSON report under test-results/json/<id>.json. */
function vitest(id, name, extra) {
  const out = `test-results/json/${id}.json`;
  step(id, name, 'npx', [
    'vitest',
    'run',
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  count(out, vitestCounts);
}

/** A Playwright run with a JSON report under test-results/json/<id>.json. */
function playwright(id, name, extra) {
  const out = resolve(`test-results/json/${id}.json`);
  const before = env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  env.PLAYWRIGHT_JSON_OUTPUT_NAME = out;
  step(id, name, 'npx', ['playwright', 'test', ...extra, '--reporter=list,json']);
  env.PLAYWRIGHT_JSON_OUTPUT_NAME = before;
  count(out, playwrightCounts);
}

rmSync('test-results/json', { recursive: true, force: true });
mkdirSync('test-results/json', { recursive: true });

step('build', 'build', 'npm', ['run', 'build']);
step('typecheck', 'typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'lint', 'npm', ['run', 'lint']);
vitest('unit', 'unit and integration (vitest: node + web)', []);
vitest('claude', 'real Claude Code CLI end to end', ['--config', 'tests/e2e/claude/vitest.config.ts']);
vitest('agents', 'real Codex CLI, Gemini CLI and opencode end to end (other agents)', [
  '--config',
  'tests/e2e/agents/vitest.config.ts',
]);
vitest('sync-engines', 'sync on real engines (two Syncthing daemons on loopback, a git remote)', [
  '--config',
  'tests/e2e/sync-engines/vitest.config.ts',
]);
vitest('soak', 'proof soak suites (crash rounds, hook stdin fuzz)', [
  '--config',
  'tests/proof/vitest.soak.config.ts',
]);
playwright('ui', 'browser e2e (Playwright, Debian chromium)', []);
playwright('electron', 'Electron smoke test', ['-c', 'tests/electron/playwright.config.ts']);
if (process.env.MEMTRAY_TEST_LTS === '1') {
  // CI: the core suites once more under the current Node LTS (see .ci/lts.sh).
  const out = 'test-results/json/lts.json';
  step('lts', 'core suites under the current Node LTS (.ci/lts.sh)', 'bash', ['.ci/lts.sh', out]);
  count(out, vitestCounts);
}

process.stdout.write(`\nTimings: ${timings.join(', ')}\n`);
// eslint-disable-next-line no-control-regex
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');
for (const line of flakyTests)
  process.stdout.write(`Flaky test (failed, then passed on retry): ${plain(line)}\n`);
for (const line of failedTests) process.stdout.write(`Failed test: ${plain(line)}\n`);
process.stdout.write(`${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failures.length ? 1 : 0);
