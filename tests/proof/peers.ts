/**
 * Machines and hand-written peer segments for the sync proofs (sync-authors, sync-bounds): a real
 * service with a sync folder, and records as anyone with write access to that folder could write.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { syncStatus, type SyncRecord, type SyncStatus } from '../../electron/shared/contract/sync.js';
import { encodeLine, newHeader, segmentName } from '../../electron/core/sync/segment.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

export const PEER = 'feedc0de00000001';
const services: TestService[] = [];

/** Stops every machine started since the last call (each test file's afterEach). */
export async function disposeMachines(): Promise<void> {
  for (const s of services.splice(0)) await s.dispose();
}

export type Machine = TestService & { id: string; folder: string };

export async function machine(folder = tempDir('memtray-sync-'), clock?: () => number): Promise<Machine> {
  const t = await startTestService(clock ? { clock } : {});
  services.push(t);
  const r = await t.api('PUT', '/api/settings', { sync: { folder } });
  expect(r.status, r.text).toBe(200);
  return Object.assign(t, { id: (await status(t)).machine, folder });
}

export const status = async (t: TestService): Promise<SyncStatus> =>
  syncStatus.parse((await t.api('GET', '/api/sync')).json);

export const run = async (t: TestService): Promise<SyncStatus> => {
  const r = await t.api('POST', '/api/sync/run', {});
  expect(r.status, r.text).toBe(200);
  return syncStatus.parse(r.json);
};

/** Writes one segment of `peer` into the folder, as anyone with write access to it could. */
export function peerSegment(folder: string, peer: string, records: unknown[]): void {
  const dir = join(folder, 'memtray', peer);
  mkdirSync(dir, { recursive: true });
  const now = Date.now();
  const lines = [newHeader(peer, 'peer', now), ...records].map(encodeLine).join('');
  writeFileSync(join(dir, segmentName(now)), lines);
}

export const T0 = Date.now() - 3_600_000;

export const session = (uid: string, origin: string | null, project = 'shared'): SyncRecord => ({
  k: 'session',
  uid,
  origin,
  project,
  cwd: `/w/${project}`,
  firstPrompt: `first prompt of ${uid}`,
  promptCounter: 1,
  status: 'completed',
  completionReason: null,
  startedAt: T0,
  updatedAt: T0,
  completedAt: T0,
});

export const observation = (
  uid: string,
  sessionUid: string,
  o: { title?: string; at?: number; updatedAt?: number; project?: string } = {},
): SyncRecord => ({
  k: 'observation',
  uid,
  session: sessionUid,
  project: o.project ?? 'shared',
  promptNumber: 1,
  toolName: 'Bash',
  toolUseId: null,
  toolInput: '{"command":"ls"}',
  toolResponse: '{"stdout":"ok"}',
  failed: false,
  cwd: null,
  createdAt: o.at ?? T0,
  updatedAt: o.updatedAt ?? o.at ?? T0,
  type: 'discovery',
  title: o.title ?? `memory ${uid}`,
  subtitle: null,
  facts: null,
  narrative: null,
  concepts: null,
  filesRead: null,
  filesModified: null,
  producedBy: null,
  status: 'processed',
});

export const tombstone = (kind: 'session' | 'observation', uid: string): SyncRecord => ({
  k: 'tombstone',
  kind,
  uid,
  at: Date.now(),
});

export const rows = (t: TestService, sql: string, ...args: unknown[]): Array<Record<string, unknown>> =>
  t.service.core.sqlite.prepare(sql).all(...args) as Array<Record<string, unknown>>;
export const has = (t: TestService, uid: string): boolean =>
  rows(t, 'SELECT 1 FROM sessions WHERE claude_session_id = ?', uid).length === 1;

/** Everything this machine wrote into its own folder. */
export function ownText(m: Machine): string {
  const dir = join(m.folder, 'memtray', m.id);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mseg'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('');
}

/** Search, a session, the timeline and the markdown export answer with a kumquat memory stored. */
export async function expectRecallWorks(t: TestService): Promise<void> {
  const s = await t.api('GET', '/api/search?q=kumquat');
  expect(s.status, s.text).toBe(200);
  const hit = (s.json as { items: Array<{ sessionId: number; id: number }> }).items[0]!;
  expect((await t.api('GET', `/api/sessions/${hit.sessionId}`)).status).toBe(200);
  const md = await t.api('POST', '/api/data/export', { format: 'markdown' });
  expect(md.status, md.text).toBe(200);
  const { connectMcp } = await import('../helpers/cli.js');
  const client = await connectMcp(t.dataDir, 'memtray-test');
  try {
    for (const [name, args] of [
      ['search', { query: 'kumquat' }],
      ['timeline', { anchor: hit.id }],
      ['get_session', { id: hit.sessionId }],
    ] as const) {
      const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: unknown };
      expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
    }
  } finally {
    await client.close();
  }
}
