/**
 * bench/sync/trigger-cost: what the sync triggers add to each captured observation row, with sync
 * off (the trigger only tests for the sync_switch row) and on (one outbox row more), against the
 * same table without the trigger. Alternating repetitions, medians. Prints JSON.
 *
 *   npx tsx bench/sync/trigger-cost.ts [--rows 20000] [--reps 7]
 */
import { parseArgs } from 'node:util';
import { createCore } from '../../electron/core/core.js';
import { MIGRATIONS_DIR, tempDir } from '../../tests/helpers/service.js';
import { removeTempDirs } from '../../tests/helpers/temp-dirs.js';
import { percentile, round } from '../lib/load.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '20000' }, reps: { type: 'string', default: '7' } },
});
const ROWS = Number(values.rows);
const REPS = Number(values.reps);
type Mode = 'none' | 'off' | 'on';

function perRowUs(mode: Mode): number {
  const d = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, synchronous: 'NORMAL' });
  if (mode === 'none') d.sqlite.exec('DROP TRIGGER sync_observations_ai');
  if (mode === 'on')
    d.sqlite.prepare("INSERT INTO sync_switch (id, folder, since) VALUES (1, '/x', 0)").run();
  d.sqlite
    .prepare(
      "INSERT INTO sessions (claude_session_id, project, started_at, updated_at) VALUES ('s', 'p', 0, 0)",
    )
    .run();
  const ins = d.sqlite.prepare(
    "INSERT INTO observations (session_id, tool_name, tool_use_id, created_at, updated_at, title) VALUES (1, 'Bash', ?, 0, 0, ?)",
  );
  const t = process.hrtime.bigint();
  d.sqlite.transaction(() => {
    for (let i = 0; i < ROWS; i++) ins.run(`t${i}`, `Ran make step ${i}`);
  })();
  const us = Number(process.hrtime.bigint() - t) / 1e3 / ROWS;
  d.close();
  return us;
}

const runs: Record<Mode, number[]> = { none: [], off: [], on: [] };
for (let r = 0; r < REPS; r++) for (const m of ['none', 'off', 'on'] as const) runs[m].push(perRowUs(m));
const med = (m: Mode): number =>
  round(
    percentile(
      [...runs[m]].sort((a, b) => a - b),
      50,
    ),
    2,
  );
console.log(
  JSON.stringify(
    {
      rows: ROWS,
      reps: REPS,
      perRowUs: { noSyncTrigger: med('none'), syncOff: med('off'), syncOn: med('on') },
    },
    null,
    2,
  ),
);
removeTempDirs();
