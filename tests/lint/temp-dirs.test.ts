/**
 * No test leaves folders behind. Two test files run with the node project's setup files in a child
 * vitest with a temp dir of its own (tests/fixtures/temp-dirs/): one makes temp folders at import, in
 * a hook and through the test service and uses them in its own teardown; the other's `beforeAll`
 * fails after it made one. Once they have finished, nothing is left in that temp dir.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, it } from 'vitest';
import { tempDir } from '../helpers/service.js';

interface JsonReport {
  testResults: Array<{ name: string; status: string; message: string }>;
}

it("removes a test file's temp folders after its own teardown, or a failed setup, and leaves nothing else", () => {
  const childTmp = tempDir('memtray-child-tmp-');
  const out = tempDir('memtray-child-out-');
  const results = join(out, 'results.json');
  const r = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'tests/fixtures/temp-dirs/vitest.config.ts',
      '--reporter=json',
      `--outputFile=${results}`,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: childTmp, MEMTRAY_TEMP_DIRS_REPORT: join(out, 'made.txt') },
    },
  );
  const report = JSON.parse(readFileSync(results, 'utf8')) as JsonReport;
  const outcome = report.testResults
    .map((f) => [basename(f.name), f.status, f.message])
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
  expect(outcome, `${r.stdout}${r.stderr}`).toEqual([
    ['makes-folders.fixture.ts', 'passed', ''],
    ['setup-fails.fixture.ts', 'failed', 'a setup that fails on purpose'],
  ]);
  const made = readFileSync(join(out, 'made.txt'), 'utf8').trim().split('\n');
  expect(made).toHaveLength(4);
  for (const dir of made) {
    expect(dir.startsWith(childTmp)).toBe(true);
    expect(existsSync(dir), dir).toBe(false);
  }
  expect(readdirSync(childTmp)).toEqual([]);
});
