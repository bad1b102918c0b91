/**
 * No test leaves folders behind: a test file run with the node project's setup files
 * (tests/fixtures/temp-dirs/) makes temp folders at import, in a hook and through the test service,
 * uses them in its own teardown, and once it has finished nothing it made is left in the temp dir.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tempDir } from '../helpers/service.js';

it("removes a test file's temp folders after its own teardown, and leaves nothing else", () => {
  const childTmp = tempDir('memtray-child-tmp-');
  const report = join(tempDir('memtray-child-report-'), 'made.txt');
  const r = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/fixtures/temp-dirs/vitest.config.ts'],
    { encoding: 'utf8', env: { ...process.env, TMPDIR: childTmp, MEMTRAY_TEMP_DIRS_REPORT: report } },
  );
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  const made = readFileSync(report, 'utf8').trim().split('\n');
  expect(made).toHaveLength(3);
  for (const dir of made) {
    expect(dir.startsWith(childTmp)).toBe(true);
    expect(existsSync(dir), dir).toBe(false);
  }
  expect(readdirSync(childTmp)).toEqual([]);
});
