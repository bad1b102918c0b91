/**
 * Each API verb is declared once (electron/shared/contract/verbs.ts) and everything else derives
 * from it; these tests show a verb cannot be half-added: the service serves every declaration
 * through `verbRoute`, and the HTTP client, the IPC channels and their validation follow the table.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonRoute, verbRoute, type Route } from '../../electron/core/server/http.js';
import { featurePlugins } from '../../electron/core/features.js';
import { verb } from '../../electron/shared/contract/verb.js';
import { VERBS } from '../../electron/shared/contract/verbs.js';
import { httpVerbs } from '../../electron/shared/http-verbs.js';
import { IPC_VERBS } from '../../electron/shared/ipc.js';
import { ipcArgSchemas } from '../../electron/main/ipc-schemas.js';
import { DOC, referenceIn, sameTable, verbTable } from '../../scripts/api-reference.js';
import { verbProblems } from '../helpers/contract.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('API verbs', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ plugins: featurePlugins() });
  });
  afterAll(() => t.dispose());

  it('the service serves every declared verb from its declaration', () => {
    expect(verbProblems(t.service.routes)).toEqual([]);
  });

  it('a verb without its route, or with a route written by hand, is reported', () => {
    const routes = t.service.routes;
    const withoutUsage = routes.filter((r) => r.verb !== VERBS.getUsage);
    expect(verbProblems(withoutUsage)).toEqual(['getUsage: no route serves GET /api/usage']);

    const byHand: Route[] = [
      ...withoutUsage,
      jsonRoute({
        method: 'GET',
        path: '/api/usage',
        response: VERBS.getUsage.response,
        handler: () => {
          throw new Error('never called');
        },
      }),
    ];
    expect(verbProblems(byHand)).toEqual(['getUsage: GET /api/usage is not registered from its declaration']);

    const undeclared = verb({
      method: 'GET',
      path: '/api/undeclared',
      args: z.tuple([]),
      response: z.null(),
    });
    const stray = verbRoute(undeclared, { handler: () => ({ json: null }) });
    expect(verbProblems([...routes, stray])).toEqual(['GET /api/undeclared: serves an undeclared verb']);
  });

  it('IPC has one channel and one argument schema per declared verb', () => {
    expect([...IPC_VERBS].sort()).toEqual(Object.keys(VERBS).sort());
    expect(Object.keys(ipcArgSchemas).sort()).toEqual(Object.keys(VERBS).sort());
    for (const v of IPC_VERBS) expect(ipcArgSchemas[v]).toBe(VERBS[v].args);
  });

  it('the HTTP client places each argument where its declaration says', async () => {
    const sent: unknown[][] = [];
    const api = httpVerbs(async (method, path, body) => {
      sent.push(body === undefined ? [method, path] : [method, path, body]);
      return undefined as never;
    });
    expect(Object.keys(api).sort()).toEqual(Object.keys(VERBS).sort());
    await api.setProjectCapture('my app/1', false);
    await api.search({ q: 'wal mode', limit: 5 });
    await api.listSessions();
    await api.getUsage();
    await api.retryJobs();
    await api.retryJobs([3]);
    await api.decideSyncHold('ab'.repeat(8), 'apply');
    await api.getSessionState(7);
    await api.deleteSession(7);
    await api.testKey();
    expect(sent).toEqual([
      ['PUT', '/api/projects/my%20app%2F1', { capture: false }],
      ['GET', '/api/search?q=wal+mode&limit=5'],
      ['GET', '/api/sessions'],
      ['GET', '/api/usage'],
      ['POST', '/api/queue/retry', {}],
      ['POST', '/api/queue/retry', { ids: [3] }],
      ['POST', `/api/sync/holds/${'ab'.repeat(8)}`, { decision: 'apply' }],
      ['GET', '/api/sessions/7/state'],
      ['DELETE', '/api/sessions/7'],
      ['POST', '/api/provider/key/test', {}],
    ]);
  });

  it('a real call through the derived client reaches the declared route', async () => {
    const api = httpVerbs(async (method, path, body) => (await t.api(method, path, body)).json as never);
    const settings = await api.updateSettings({ paused: true });
    expect(settings.paused).toBe(true);
    await expect(api.getSettings()).resolves.toMatchObject({ paused: true, apiKeySet: false });
    await expect(api.listProjects()).resolves.toMatchObject({ items: [], paused: true });
  });

  it("the docs' HTTP reference is the table's (npx tsx scripts/api-reference.ts rewrites it)", () => {
    const written = referenceIn(readFileSync(DOC, 'utf8'));
    expect(sameTable(written, verbTable()), written).toBe(true);
    expect(sameTable(written, verbTable().replace('/api/health', '/api/healthz'))).toBe(false);
  });
});
