/** The assistant's own words (from the transcript) survive the model's structured memory. */
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createImportRun, runImport } from '../../electron/core/capture/importer.js';
import { tempDir } from '../helpers/service.js';
import { drained, startRig, waitQueue, type Rig } from './helpers.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

it("the model's narrative comes first, the assistant's words stay after it", async () => {
  rig = await startRig();
  const { t } = rig;
  const dir = tempDir('memtray-words-');
  mkdirSync(join(dir, 'p'));
  cpSync(
    join(process.cwd(), 'tests', 'fixtures', 'handmade', 'failure-fix.jsonl'),
    join(dir, 'p', 'f.jsonl'),
  );
  const core = t.service.core;
  expect((await runImport(core, createImportRun(core, 'test'), { paths: [dir] })).status).toBe('done');
  await waitQueue(t, drained);
  const edit = core.sqlite
    .prepare(`SELECT produced_by, narrative FROM observations WHERE tool_use_id = 'toolu_fx_2'`)
    .get() as { produced_by: string; narrative: string };
  expect(edit.produced_by).toBe('claude-haiku-4-5');
  expect(edit.narrative).toMatch(
    /^A structured memory written by the test model\.\nClaude: The sum function adds an off-by-one carry/,
  );
  // Remembered rows are never sent to the model.
  const sent = core.sqlite
    .prepare(
      `SELECT count(*) n FROM jobs WHERE kind = 'observe' AND subject_id IN
      (SELECT id FROM observations WHERE tool_name LIKE 'memtray:%')`,
    )
    .get() as { n: number };
  expect(sent.n).toBe(0);
});
