/**
 * The renderer's fake API (renderer/src/test/fakeApi.ts) announces deletions as the service does:
 * the same sessions deleted through each give the same live events, so views tested on the fake
 * see the stream they will see for real.
 */
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../electron/shared/contract/events.js';
import type { ProjectList } from '../../electron/shared/contract/projects.js';
import type { SessionListItem } from '../../electron/shared/contract/sessions.js';
import { parseLiveEvent } from '../../electron/shared/contract/events.js';
import { fakeApi, type FakeApi } from '../../renderer/src/test/fakeApi.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { sseReader } from '../helpers/sse.js';

/** Deletion events only: a session deleted, a project's state after its memories went. */
const deletion = (ev: LiveEvent): boolean =>
  (ev.name === 'session' && ev.data.status === 'deleted') || ev.name === 'project';

/** The service's live stream, open once the answer's headers arrived; `until` resolves on the first event it accepts. */
async function liveStream(t: TestService): Promise<{
  until: (done: (ev: LiveEvent) => boolean) => Promise<LiveEvent[]>;
  close: () => void;
}> {
  const seen: LiveEvent[] = [];
  let waiter: { done: (ev: LiveEvent) => boolean; resolve: (evs: LiveEvent[]) => void } | null = null;
  const req = request({
    host: '127.0.0.1',
    port: t.port,
    path: '/api/stream',
    headers: { authorization: `Bearer ${t.token}` },
  });
  await new Promise<void>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      res.on(
        'data',
        sseReader(({ name, data }) => {
          const ev = parseLiveEvent(name, data);
          if (!ev || !deletion(ev)) return;
          seen.push(ev);
          if (waiter?.done(ev)) waiter.resolve([...seen]);
        }),
      );
      resolve();
    });
    req.end();
  });
  return {
    until: (done) => new Promise((resolve) => (waiter = { done, resolve })),
    close: () => req.destroy(),
  };
}

describe("the fake API's live events on deletion", () => {
  let t: TestService;
  let fake: FakeApi;
  let fromFake: LiveEvent[];

  beforeEach(async () => {
    t = await startTestService();
    for (const [sid, cwd] of [
      ['agree-1', '/x/agree'],
      ['agree-2', '/x/agree'],
      ['other-1', '/x/other'],
    ])
      await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: sid, cwd, prompt: `work in ${sid}` });
    await t.settled();
    // The fake holds what the service lists.
    fake = fakeApi();
    fake.state.sessions = ((await t.api('GET', '/api/sessions')).json as { items: SessionListItem[] }).items;
    fake.state.projects = ((await t.api('GET', '/api/projects')).json as ProjectList).items;
    fromFake = [];
    fake.subscribe((ev) => {
      if (deletion(ev)) fromFake.push(ev);
    });
  });
  afterEach(async () => t.dispose());

  it('deleting a session announces it, as the service does', async () => {
    const id = fake.state.sessions.find((s) => s.claudeSessionId === 'agree-1')!.id;
    const live = await liveStream(t);
    try {
      const real = live.until((ev) => ev.name === 'session');
      expect((await t.api('DELETE', `/api/sessions/${id}`)).status).toBe(200);
      await fake.deleteSession(id);
      expect(fromFake).toEqual(await real);
      expect(fromFake).toHaveLength(1);
    } finally {
      live.close();
    }
  });

  it("deleting a project's memories announces each session and then the project, as the service does", async () => {
    const project = fake.state.sessions.find((s) => s.claudeSessionId === 'agree-1')!.project;
    const live = await liveStream(t);
    try {
      const real = live.until((ev) => ev.name === 'project');
      const r = await t.api('DELETE', `/api/projects/${encodeURIComponent(project)}`);
      expect(r.status, r.text).toBe(200);
      await fake.deleteProject(project);
      const sorted = (evs: LiveEvent[]): string[] => evs.map((ev) => JSON.stringify(ev)).sort();
      const got = await real;
      expect(sorted(fromFake)).toEqual(sorted(got));
      expect(fromFake.at(-1)).toEqual(got.at(-1));
      expect(fromFake).toHaveLength(3);
    } finally {
      live.close();
    }
  });
});
