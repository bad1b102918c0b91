/** Shared setup for compression tests: a service with a key pointing at the local Messages API server. */
import { memorySecretStores } from '../../electron/core/settings/secrets.js';
import { compressPlugin, type CompressPluginOptions } from '../../electron/core/compress/plugin.js';
import { MessagesApiServer } from '../helpers/messages-api/server.js';
import { startTestService, type TestService } from '../helpers/service.js';

export interface Rig {
  t: TestService;
  api: MessagesApiServer;
  dispose(): Promise<void>;
}

export async function startRig(
  opts: {
    key?: string | null;
    plugin?: CompressPluginOptions;
    provider?: Record<string, unknown>;
    dataDir?: string;
  } = {},
): Promise<Rig> {
  const api = new MessagesApiServer();
  await api.start();
  const t = await startTestService({
    secretStore: memorySecretStores({
      'api-key': opts.key === undefined ? 'sk-ant-api03-test-key-for-the-local-server' : opts.key,
    }),
    plugins: [compressPlugin({ timeoutMs: 2000, ...opts.plugin })],
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
  });
  const r = await t.api('PUT', '/api/settings', { provider: { baseUrl: api.url, ...opts.provider } });
  if (r.status !== 200) throw new Error(`settings: ${r.text}`);
  return {
    t,
    api,
    dispose: async () => {
      await t.dispose();
      await api.stop();
    },
  };
}

export interface QueueView {
  pending: number;
  leased: number;
  done: number;
  failed: number;
  oldestPendingAgeMs: number | null;
  failedJobs: Array<{
    id: number;
    kind: string;
    subjectId: number;
    attempts: number;
    lastError: string | null;
  }>;
}

/** Polls `GET /api/queue` until `pred` holds (or throws after `timeoutMs`). */
export async function waitQueue(
  t: TestService,
  pred: (q: QueueView) => boolean,
  timeoutMs = 15_000,
): Promise<QueueView> {
  const end = Date.now() + timeoutMs;
  let q: QueueView | null = null;
  while (Date.now() < end) {
    q = (await t.api('GET', '/api/queue')).json as QueueView;
    if (pred(q)) return q;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`queue never reached the expected state: ${JSON.stringify(q)}`);
}

export const drained = (q: QueueView): boolean => q.pending === 0 && q.leased === 0;

let seq = 0;
/** A PostToolUse payload for session `sid`. */
export function toolEvent(
  sid: string,
  tool: string,
  input: unknown,
  response: unknown,
  cwd = '/work/proj',
): Record<string, unknown> {
  seq += 1;
  return {
    session_id: sid,
    transcript_path: '/tmp/t.jsonl',
    cwd,
    hook_event_name: 'PostToolUse',
    tool_name: tool,
    tool_input: input,
    tool_response: response,
    tool_use_id: `toolu_test_${seq}_${Date.now()}`,
  };
}

export function obsRows(t: TestService): Array<Record<string, unknown>> {
  return t.service.core.sqlite.prepare('SELECT * FROM observations ORDER BY id').all() as Array<
    Record<string, unknown>
  >;
}
