// `npm test`: build, typecheck, lint, the vitest suites (node + web), then the Playwright e2e.
// Ends with one plain line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' };
const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, cmd, args) {
  process.stdout.write(`\n== ${name}: ${cmd} ${args.join(' ')}\n`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  const ok = r.status === 0;
  process.stdout.write(`== ${name}: ${ok ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)}s\n`);
  if (!ok) failures.push(name);
  return ok;
}

function count(file, read) {
  if (!existsSync(file)) return;
  try {
    const c = read(JSON.parse(readFileSync(file, 'utf8')));
    results.passed += c.passed;
    results.failed += c.failed;
    results.skipped += c.skipped;
  } catch (err) {
    process.stdout.write(`(could not read ${file}: ${err.message})\n`);
  }
}

mkdirSync('test-results', { recursive: true });
const npx = 'npx';
step('build', 'npm', ['run', 'build']);
step('typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'npm', ['run', 'lint']);
step('unit and integration (vitest)', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']);
count('test-results/vitest.json', (j) => ({
  passed: j.numPassedTests,
  failed: j.numFailedTests,
  skipped: j.numPendingTests + j.numTodoTests,
}));
if (existsSync('playwright.config.ts')) {
  step('browser and end-to-end (playwright)', npx, ['playwright', 'test']);
  count('test-results/playwright.json', (j) => ({
    passed: j.stats.expected,
    failed: j.stats.unexpected + j.stats.flaky,
    skipped: j.stats.skipped,
  }));
}

process.stdout.write(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}\n`);
process.stdout.write(`${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped\n`);
process.exit(failures.length ? 1 : 0);
