/**
 * The API contract (electron/shared/contract/) is checked in the tests: every route declares the
 * schema of its answer (or is listed as not covered, with why), and an answer that drifts from its
 * schema fails the test that received it.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featurePlugins } from '../../electron/core/features.js';
import { jsonRoute } from '../../electron/core/server/http.js';
import { parseLiveEvent } from '../../electron/shared/contract/events.js';
import { status } from '../../electron/shared/contract/health.js';
import { ContractDrift, contractChecker, UNCHECKED_ROUTES } from '../helpers/contract.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { sseReader, type SseFrame } from '../helpers/sse.js';

/** A plugin answering `/api/status`'s shape under another path, drifted the way `drift` says. */
const drifting = (drift: (s: Record<string, unknown>) => void) => () => ({
  name: 'drifting',
  routes: [
    jsonRoute({
      method: 'GET',
      path: '/api/test/drifted-status',
      response: status,
      handler: () => {
        const s: Record<string, unknown> = {
          ok: true,
          version: '0',
          uptimeMs: 1,
          quarantined: 0,
          dataDir: '/tmp',
          paused: false,
          counts: { sessions: 0, prompts: 0, observations: 0, summaries: 0, events: 0 },
          queue: { pending: 0, leased: 0, done: 0, failed: 0, oldestPendingAgeMs: null },
          streamClients: 0,
        };
        drift(s);
        return { json: s as never };
      },
    }),
  ],
});

describe('API contract', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({
      plugins: [
        ...featurePlugins(),
        // A drift once seen: the core's QueueCounts without `oldestPendingAgeMs`.
        drifting((s) => delete (s.queue as Record<string, unknown>).oldestPendingAgeMs),
      ],
    });
  });
  afterAll(() => t.dispose());

  it('every route declares its answer, or is listed as not covered with a reason', () => {
    const keys = t.service.routes.map((r) => `${r.method} ${r.path}`);
    const missing = t.service.routes
      .filter((r) => !r.response && !(`${r.method} ${r.path}` in UNCHECKED_ROUTES))
      .map((r) => `${r.method} ${r.path}`);
    expect(missing, 'routes without a response schema in the contract').toEqual([]);
    const stale = Object.keys(UNCHECKED_ROUTES).filter((k) => !keys.includes(k));
    expect(stale, 'UNCHECKED_ROUTES names routes the service no longer has').toEqual([]);
  });

  it('the API helper rejects an answer that drifted from its schema', async () => {
    await expect(t.api('GET', '/api/test/drifted-status')).rejects.toThrow(
      /GET \/api\/test\/drifted-status \(200\) does not match the contract: queue\.oldestPendingAgeMs/,
    );
  });

  it('a real answer passes; the same answer with a field left out, retyped or added does not', async () => {
    const check = contractChecker(t.service.routes);
    const r = await t.api('GET', '/api/status');
    expect(r.status).toBe(200);
    const real = r.json as Record<string, unknown>;
    expect(() => check('GET', '/api/status', 200, real)).not.toThrow();
    const drifts: Array<(s: Record<string, unknown>) => unknown> = [
      (s) => ({ ...s, queue: { ...(s.queue as object), oldestPendingAgeMs: undefined } }),
      (s) => ({ ...s, paused: 'no' }),
      (s) => ({ ...s, currentPromptPrivate: false }),
    ];
    for (const d of drifts) expect(() => check('GET', '/api/status', 200, d(real))).toThrow(ContractDrift);
    // Errors carry the error body, whatever the route.
    expect(() => check('GET', '/api/sessions/1', 404, { error: 'no', status: 404 })).not.toThrow();
    expect(() => check('GET', '/api/sessions/1', 404, { error: 1 })).toThrow(ContractDrift);
  });

  it('the live stream sends only events of the contract', async () => {
    const frames: SseFrame[] = [];
    const req = request({
      host: '127.0.0.1',
      port: t.port,
      path: '/api/stream',
      headers: { authorization: `Bearer ${t.token}` },
    });
    req.on('response', (res) =>
      res.on(
        'data',
        sseReader((f) => frames.push(f)),
      ),
    );
    req.end();
    await new Promise((r) => setTimeout(r, 100));
    const hook = (event: string, body: object) =>
      t.api('POST', `/api/hooks/${event}`, { session_id: 'live-1', cwd: '/x/live', ...body });
    await hook('UserPromptSubmit', { prompt: 'read the file' });
    await hook('PostToolUse', {
      tool_name: 'Read',
      tool_input: { file_path: '/x/live/a.ts' },
      tool_response: 'a',
    });
    await t.settled();
    await t.api('PUT', '/api/projects/live', { capture: false });
    await t.api('PUT', '/api/settings', { skipTools: ['TodoWrite'] });
    const sessions = await t.api('GET', '/api/sessions?project=live');
    const id = (sessions.json as { items: Array<{ id: number }> }).items[0]!.id;
    await t.api('DELETE', `/api/sessions/${id}`);
    await new Promise((r) => setTimeout(r, 200));
    req.destroy();
    const names = new Set(frames.map((f) => f.name));
    for (const n of ['event', 'session', 'observation', 'project', 'settings']) expect(names, n).toContain(n);
    for (const f of frames) expect(parseLiveEvent(f.name, f.data), JSON.stringify(f)).not.toBeNull();
    // The same check refuses an event that drifted.
    const obs = frames.find((f) => f.name === 'observation')!;
    expect(parseLiveEvent('observation', { ...(obs.data as object), status: 'done' })).toBeNull();
  });
});
