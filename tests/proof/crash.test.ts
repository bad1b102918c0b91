/**
 * Crash safety: sustained load (corpus events over HTTP, and through the real hook program) on a
 * real `memtray serve` child that is SIGKILLed at a random moment, round after round. After every
 * kill the database passes `PRAGMA integrity_check`; at the end every event acknowledged with a 2xx
 * (and every event the hook accepted, posted or spooled) is stored exactly once, no event is stored
 * twice, the spool is imported and gone, and the LLM jobs queued meanwhile all completed.
 * `MEMTRAY_CRASH_ROUNDS` sets the rounds (npm test: 3; `npm run test:soak`: 20).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SKIP_TOOLS } from '../../electron/shared/contract/tools.js';
import { startServe } from '../helpers/cli.js';
import { loadHookTimeline } from '../helpers/corpus.js';
import { MessagesApiServer } from '../helpers/messages-api/server.js';
import { pick, prng } from '../helpers/proof.js';
import { rawRequest, tempDir } from '../helpers/service.js';

const ROUNDS = Number(process.env.MEMTRAY_CRASH_ROUNDS ?? 3);
const SEED = Number(process.env.MEMTRAY_CRASH_SEED ?? 4242);
const KEY = 'sk-ant-api03-crash-test-key-for-the-local-server';
const HOOK = join(process.cwd(), 'dist', 'memtray-hook.cjs');

type Payload = Record<string, unknown>;
const corpus = loadHookTimeline().filter((e) =>
  [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'Stop',
    'Notification',
    'SubagentStop',
  ].includes(e.eventName),
);

function tagged(
  rnd: () => number,
  round: number,
  n: number,
  via: string,
): { event: string; payload: Payload; id: string } {
  const e = pick(rnd, corpus);
  const id = `${via}-${round}-${n}`;
  const payload: Payload = {
    ...e.payload,
    session_id: `crash-${round}-${n % 7}`,
    cwd: `/w/crash${n % 3}`,
    proof_id: id,
  };
  delete payload.transcript_path;
  if ('tool_use_id' in payload || e.eventName.endsWith('ToolUse')) payload.tool_use_id = `toolu_${id}`;
  return { event: e.eventName, payload, id };
}

function runHook(
  dataDir: string,
  event: string,
  payload: Payload,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const h = spawn(process.execPath, [HOOK, event, '--data-dir', dataDir], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    h.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    h.on('close', (code) => resolve({ code, stderr }));
    h.stdin.on('error', () => undefined);
    h.stdin.end(JSON.stringify(payload));
  });
}

describe('crash safety under SIGKILL', () => {
  const api = new MessagesApiServer();
  const dataDir = tempDir('memtray-crash-');
  const acked = new Set<string>();
  const unacked = new Set<string>();
  const hookDelivered = new Set<string>();
  const hookFailed: string[] = [];
  const integrity: string[] = [];
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    await api.start();
    api.latencyMs = 150; // jobs are in flight when the kill lands
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await api.stop();
  });

  const serve = async (): Promise<{ port: number; token: string }> => {
    const s = await startServe(['--port', '0', '--data-dir', dataDir, '--quiet'], { ANTHROPIC_API_KEY: KEY });
    child = s.child;
    return { port: Number(new URL(s.url).port), token: readFileSync(join(dataDir, 'token'), 'utf8').trim() };
  };

  it(`${ROUNDS} rounds of load and SIGKILL: acknowledged events stored exactly once, integrity ok, jobs resume`, async () => {
    const rnd = prng(SEED);
    let n = 0;
    let queuedAtKill = 0;
    let spooledAtKill = 0;
    let claimedAtKill = 0; // spool files an import had claimed (killed mid-import)
    for (let round = 0; round < ROUNDS; round++) {
      const { port, token } = await serve();
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      if (round === 0) {
        const r = await rawRequest(port, {
          method: 'PUT',
          path: '/api/settings',
          headers,
          body: JSON.stringify({ provider: { baseUrl: api.url, concurrency: 2 } }),
        });
        expect(r.status).toBe(200);
      }
      let stop = false;
      let hooksRunning = true;
      const http = async (): Promise<void> => {
        while (!stop) {
          const c = tagged(rnd, round, n++, 'http');
          try {
            const r = await rawRequest(port, {
              method: 'POST',
              path: `/api/hooks/${c.event}`,
              headers,
              body: JSON.stringify(c.payload),
            });
            // Never-captured tools (TodoWrite…) are acknowledged and, on purpose, not journaled.
            if (DEFAULT_SKIP_TOOLS.includes(String(c.payload.tool_name))) continue;
            if (r.status >= 200 && r.status < 300) acked.add(c.id);
            else unacked.add(c.id);
          } catch {
            unacked.add(c.id); // the kill cut the connection: it may or may not have committed
            return;
          }
        }
      };
      const hooks = async (): Promise<void> => {
        while (hooksRunning) {
          const c = tagged(rnd, round, n++, 'hook');
          const r = await runHook(dataDir, c.event, c.payload);
          // The hook drops skip-listed tools (TodoWrite…) on purpose, before posting or spooling.
          if (r.code === 0 && r.stderr === '') {
            if (!DEFAULT_SKIP_TOOLS.includes(String(c.payload.tool_name))) hookDelivered.add(c.id);
          } else hookFailed.push(`${c.id} ${c.event} exit ${r.code}: ${r.stderr.trim()}`);
        }
      };
      const loaders = [http(), http(), http(), hooks(), hooks()];
      await new Promise((r) => setTimeout(r, 300 + Math.floor(rnd() * 1200)));
      child!.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));
      stop = true;
      // The hook keeps firing while the service is down: those events go to the spool.
      await new Promise((r) => setTimeout(r, 300));
      hooksRunning = false;
      await Promise.all(loaders);
      const db = new Database(join(dataDir, 'memtray.db'));
      integrity.push(String(db.pragma('integrity_check', { simple: true })));
      queuedAtKill += (
        db.prepare(`SELECT count(*) AS n FROM jobs WHERE status IN ('pending', 'leased')`).get() as {
          n: number;
        }
      ).n;
      db.close();
      claimedAtKill += readdirSync(dataDir).filter((x) => x.startsWith('spool.jsonl.importing-')).length;
      for (const f of readdirSync(dataDir).filter((x) => x.startsWith('spool.jsonl')))
        spooledAtKill += readFileSync(join(dataDir, f), 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '').length;
    }

    // Final restart: the spool is imported, leases of the dead process reclaimed, the queue drains.
    const { port, token } = await serve();
    const headers = { authorization: `Bearer ${token}` };
    const end = Date.now() + 120_000;
    let queue: { pending: number; leased: number; failed: number; done: number } = {
      pending: -1,
      leased: -1,
      failed: -1,
      done: 0,
    };
    while (Date.now() < end) {
      queue = (await rawRequest(port, { path: '/api/queue', headers })).json as typeof queue;
      const spool = readdirSync(dataDir).filter((f) => f.startsWith('spool.jsonl'));
      if (queue.pending === 0 && queue.leased === 0 && spool.length === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    child!.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));

    const db = new Database(join(dataDir, 'memtray.db'), { readonly: true });
    const rows = db
      .prepare(
        `SELECT json_extract(payload, '$.proof_id') AS id, count(*) AS n FROM events WHERE json_extract(payload, '$.proof_id') IS NOT NULL GROUP BY id`,
      )
      .all() as Array<{ id: string; n: number }>;
    const stored = new Map(rows.map((r) => [r.id, r.n]));
    const obs = db.prepare(`SELECT status, count(*) AS n FROM observations GROUP BY status`).all() as Array<{
      status: string;
      n: number;
    }>;
    const finalIntegrity = db.pragma('integrity_check', { simple: true });
    // Events journaled by the hook endpoint before a kill were projected after the restart.
    const unprojected = db
      .prepare(`SELECT projected, count(*) AS n FROM events WHERE projected != 1 GROUP BY projected`)
      .all();
    db.close();

    const missingAcked = [...acked].filter((id) => stored.get(id) !== 1);
    const missingHook = [...hookDelivered].filter((id) => stored.get(id) !== 1);
    const twice = rows.filter((r) => r.n > 1).map((r) => r.id);
    const summary = {
      rounds: ROUNDS,
      acked: acked.size,
      unacked: unacked.size,
      unackedButStored: [...unacked].filter((id) => stored.has(id)).length,
      hookDelivered: hookDelivered.size,
      stored: rows.length,
      observations: Object.fromEntries(obs.map((o) => [o.status, o.n])),
      queue,
      queuedAtKill,
      spooledAtKill,
      claimedAtKill,
      llmRequests: api.requests.length,
    };
    console.log(`crash: ${JSON.stringify(summary)}`);
    expect(integrity).toEqual(Array.from({ length: ROUNDS }, () => 'ok'));
    expect(finalIntegrity).toBe('ok');
    expect(unprojected).toEqual([]);
    expect(hookFailed).toEqual([]);
    expect(acked.size).toBeGreaterThan(ROUNDS * 10);
    expect(hookDelivered.size).toBeGreaterThan(ROUNDS);
    expect(missingAcked).toEqual([]);
    expect(missingHook).toEqual([]);
    expect(twice).toEqual([]);
    expect(queuedAtKill, 'some jobs were queued or leased when a kill landed').toBeGreaterThan(0);
    expect(spooledAtKill, 'some hook events went to the spool while the service was down').toBeGreaterThan(0);
    expect(queue).toMatchObject({ pending: 0, leased: 0, failed: 0 });
    expect(summary.observations.pending ?? 0).toBe(0);
  }, 900_000);

  it('a spool import killed after committing but before removing its file is not imported twice', async () => {
    const dir = tempDir('memtray-crash-spool-');
    const rnd = prng(SEED + 1);
    const ids: string[] = [];
    // The service is down: every hook event goes to the spool.
    for (let i = 0; ids.length < 12; i++) {
      const c = tagged(rnd, 99, i, 'spool');
      if (DEFAULT_SKIP_TOOLS.includes(String(c.payload.tool_name))) continue;
      expect((await runHook(dir, c.event, c.payload)).code).toBe(0);
      ids.push(c.id);
    }
    const spool = readFileSync(join(dir, 'spool.jsonl'), 'utf8');
    expect(spool.trim().split('\n')).toHaveLength(12);
    // First start imports everything; SIGKILL; then put the file back as a claimed one, as if the
    // kill had landed between the commits and the file's removal.
    let s = await startServe(['--port', '0', '--data-dir', dir, '--quiet']);
    for (let i = 0; i < 100 && readdirSync(dir).some((f) => f.startsWith('spool.jsonl')); i++)
      await new Promise((r) => setTimeout(r, 50));
    s.child.kill('SIGKILL');
    await new Promise((r) => s.child.once('exit', r));
    writeFileSync(join(dir, 'spool.jsonl.importing-999999-1'), spool);
    s = await startServe(['--port', '0', '--data-dir', dir, '--quiet']);
    for (let i = 0; i < 100 && readdirSync(dir).some((f) => f.startsWith('spool.jsonl')); i++)
      await new Promise((r) => setTimeout(r, 50));
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));
    expect(readdirSync(dir).filter((f) => f.startsWith('spool.jsonl'))).toEqual([]);
    const db = new Database(join(dir, 'memtray.db'), { readonly: true });
    const rows = db
      .prepare(`SELECT json_extract(payload, '$.proof_id') AS id, count(*) AS n FROM events GROUP BY id`)
      .all() as Array<{ id: string; n: number }>;
    db.close();
    expect(Object.fromEntries(rows.filter((r) => r.id).map((r) => [r.id, r.n]))).toEqual(
      Object.fromEntries(ids.map((id) => [id, 1])),
    );
  }, 60_000);
});
