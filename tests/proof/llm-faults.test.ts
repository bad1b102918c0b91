/**
 * LLM faults: the Messages API test server (and a fault proxy in front of it) answers 429 with and
 * without retry-after, 500, 529, hangs, cuts the response mid-body, resets the connection, returns
 * a non-JSON body, prose, or malformed tool output. Nothing is lost; every observation ends
 * structured (or failed and retryable); every retry waits at least its backoff or retry-after.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { backoffMs } from '../../electron/core/jobs/queue.js';
import { startRig, toolEvent, waitQueue, drained, type Rig } from '../compress/helpers.js';
import { FaultProxy, type ProxyFault } from '../helpers/fault-proxy.js';
import { userText, type Behavior, type MessagesBody } from '../helpers/messages-api/server.js';

interface Fault {
  label: string;
  proxy?: ProxyFault;
  api?: Behavior;
  /** Minimum wait before the next attempt of the same job (ms), beyond the backoff. */
  retryAfterMs?: number;
  /** Content faults are retried by policy, not after a transport backoff. */
  content?: boolean;
}

const FAULTS: Fault[] = [
  {
    label: '429 retry-after 3',
    api: { kind: 'status', status: 429, headers: { 'retry-after': '3' } },
    retryAfterMs: 3000,
  },
  { label: '429 no retry-after', api: { kind: 'status', status: 429 } },
  { label: '500', api: { kind: 'status', status: 500 } },
  {
    label: '529 overloaded',
    api: {
      kind: 'status',
      status: 529,
      body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    },
  },
  { label: 'hang', api: { kind: 'hang' } },
  { label: 'cut mid-body', proxy: 'cut' },
  { label: 'connection reset', proxy: 'reset' },
  { label: 'non-JSON 200', proxy: 'garbage' },
  { label: 'prose', api: { kind: 'prose' }, content: true },
  { label: 'malformed tool output', api: { kind: 'malformed' }, content: true },
];

describe('LLM faults', () => {
  let rig: Rig | null = null;
  let proxy: FaultProxy | null = null;
  afterAll(async () => {
    await rig?.dispose();
    await proxy?.stop();
  });

  it('every fault kind: nothing lost, every observation structured, backoff and retry-after respected', async () => {
    rig = await startRig({
      plugin: { timeoutMs: 1500 },
      provider: { concurrency: 1, batchSize: 1, maxAttempts: 8 },
    });
    const { t, api } = rig;
    proxy = new FaultProxy(api.port);
    await proxy.start();
    const p = proxy;
    p.script = FAULTS.map((f) => ({
      label: f.label,
      fault: f.proxy ?? 'pass',
      ...(f.api ? { before: () => api.next(f.api!) } : {}),
    }));
    expect((await t.api('PUT', '/api/settings', { provider: { baseUrl: p.url } })).status).toBe(200);

    const n = FAULTS.length + 2;
    for (let i = 0; i < n; i++) {
      const ev = toolEvent(
        `faults-${i}`,
        'Bash',
        { command: `make target-${i}` },
        { stdout: `built target-${i}`, stderr: '', interrupted: false },
      );
      expect((await t.api('POST', '/api/hooks/PostToolUse', ev)).status).toBe(200);
    }
    await waitQueue(t, drained, 90_000);

    const db = t.service.core.sqlite;
    const obs = db
      .prepare(`SELECT id, status, produced_by AS producedBy, title FROM observations ORDER BY id`)
      .all() as Array<{ id: number; status: string; producedBy: string | null; title: string | null }>;
    const jobs = db
      .prepare(`SELECT subject_id AS subjectId, status, attempts FROM jobs WHERE kind = 'observe'`)
      .all() as Array<{ subjectId: number; status: string; attempts: number }>;
    expect(obs.length, 'nothing lost').toBe(n);
    expect(jobs.length).toBe(n);
    for (const o of obs) {
      const j = jobs.find((x) => x.subjectId === o.id)!;
      const ok = o.status === 'processed' || (o.status === 'failed' && j.status === 'failed');
      expect(ok, `observation ${o.id}: ${o.status}/${j.status}`).toBe(true);
      expect(o.title, `observation ${o.id} has a structured title`).toBeTruthy();
    }
    // Every fault was served, and the requests of each job respect its backoff.
    expect(p.script).toEqual([]);
    const byJob = new Map<number, Array<{ at: number; fault: string }>>();
    for (const r of p.requests) {
      for (const m of userText(JSON.parse(r.body) as MessagesBody).matchAll(/<tool_call id="(\d+)"/g)) {
        const id = Number(m[1]);
        byJob.set(id, [...(byJob.get(id) ?? []), { at: r.at, fault: r.fault }]);
      }
    }
    const seen = new Set(p.requests.map((r) => r.fault));
    for (const f of FAULTS) expect(seen.has(f.label), f.label).toBe(true);
    const checks: string[] = [];
    for (const [id, reqs] of byJob) {
      for (let k = 0; k + 1 < reqs.length; k++) {
        const f = FAULTS.find((x) => x.label === reqs[k]!.fault);
        if (!f || f.content) continue;
        const min =
          Math.max(
            f.retryAfterMs ?? 0,
            backoffMs(k + 1, () => 0),
          ) - 25;
        const gap = reqs[k + 1]!.at - reqs[k]!.at;
        checks.push(`${id} after ${f.label}: waited ${gap} ms (min ${min})`);
        expect(gap, `job ${id}: retry after '${f.label}' came too soon`).toBeGreaterThanOrEqual(min);
      }
    }
    console.log(`llm faults: ${checks.join('; ')}`);
    expect(checks.length).toBeGreaterThanOrEqual(FAULTS.filter((f) => !f.content).length);
  }, 120_000);

  it('a job that keeps failing ends failed-and-retryable, keeps its observation, and a retry completes it', async () => {
    await rig?.dispose();
    rig = await startRig({
      plugin: { timeoutMs: 1500 },
      provider: { concurrency: 1, batchSize: 1, maxAttempts: 2 },
    });
    const { t, api } = rig;
    api.next({ kind: 'status', status: 500 }, { kind: 'status', status: 529 });
    const ev = toolEvent(
      'faults-persistent',
      'Read',
      { file_path: '/w/a.ts' },
      {
        type: 'text',
        file: { filePath: '/w/a.ts', content: 'export {}', numLines: 1, startLine: 1, totalLines: 1 },
      },
    );
    expect((await t.api('POST', '/api/hooks/PostToolUse', ev)).status).toBe(200);
    const q = await waitQueue(t, (x) => x.failed === 1, 30_000);
    expect(q.failedJobs[0]).toMatchObject({
      kind: 'observe',
      attempts: 2,
      lastError: expect.stringMatching(/529|500/),
    });
    const o = t.service.core.sqlite.prepare(`SELECT status, title FROM observations`).all() as Array<{
      status: string;
      title: string | null;
    }>;
    expect(o).toHaveLength(1);
    expect((await t.api('POST', '/api/queue/retry', {})).json).toEqual({ retried: 1 });
    await waitQueue(t, (x) => drained(x) && x.failed === 0 && x.done === 1, 30_000);
    expect(
      (t.service.core.sqlite.prepare(`SELECT status FROM observations`).get() as { status: string }).status,
    ).toBe('processed');
  }, 90_000);
});
