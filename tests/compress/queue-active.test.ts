/** `GET /api/queue` names what is being compressed right now (the Recent view's queue activity). */
import { afterEach, expect, it } from 'vitest';
import { startRig, toolEvent, waitQueue, type Rig } from './helpers.js';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

it('lists no job before, then the leased job while its call is in flight', async () => {
  rig = await startRig();
  const { t, api } = rig;
  expect(((await t.api('GET', '/api/queue')).json as { activeJobs: unknown[] }).activeJobs).toEqual([]);
  api.next({ kind: 'hang' });
  const ev = toolEvent(
    'queue-active',
    'Edit',
    { file_path: '/work/proj/a.ts', old_string: 'a', new_string: 'b' },
    {
      filePath: '/work/proj/a.ts',
    },
  );
  expect((await t.api('POST', '/api/hooks/PostToolUse', ev)).status).toBe(200);
  const q = await waitQueue(t, (x) => x.leased > 0);
  const active = (
    q as unknown as {
      activeJobs: Array<{ kind: string; subjectId: number; attempts: number; label?: string | null }>;
    }
  ).activeJobs;
  expect(active).toHaveLength(1);
  expect(active[0]).toMatchObject({ kind: 'observe', attempts: 1 });
  // What is being compressed, by name: the rule memory's title names the edited file.
  expect(active[0]!.label).toMatch(/a\.ts/);
});
