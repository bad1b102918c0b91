/**
 * An in-memory MemTrayApi for component tests: records calls, emits live events on demand and, as
 * the service does, when it deletes a session (tests/core/fake-api-events.test.ts compares). Every
 * answer (the defaults here and a test's own) is parsed with the verb's declared response, so a
 * fixture that drifts from what the service answers fails the test. A verb with no default here
 * answers 404, as a service without its route would.
 */
import type {
  LiveEvent,
  LiveStatus,
  MemTrayApi,
  Project,
  PublicSettings,
  SearchHit,
  SearchPage,
  SessionDetail,
  SessionListItem,
} from '@shared/api';
import type { Verb } from '@shared/contract/verb';
import { VERBS, type VerbName } from '@shared/contract/verbs';
import { ApiError } from '@/api/errors';

export function settingsFixture(over: Partial<PublicSettings> = {}): PublicSettings {
  return {
    paused: false,
    pausedUntil: null,
    skipTools: ['TodoWrite'],
    excludedPaths: [],
    redactSecrets: true,
    customRedactPatterns: [],
    provider: {
      kind: null,
      claudePath: null,
      claudeConcurrency: 1,
      model: 'claude-haiku-4-5',
      baseUrl: null,
      dailyTokenBudget: 2_000_000,
      concurrency: 2,
      maxAttempts: 5,
      batchSize: 8,
    },
    context: { tokenBudget: 1500, maxSummaries: 3 },
    retention: { rawDays: 30 },
    embeddings: { kind: 'none', baseUrl: null, model: 'nomic-embed-text', dimensions: null, batchSize: 32 },
    ui: { shortcut: 'CommandOrControl+Alt+Shift+M', editor: 'vscode' },
    sync: { folder: null, projectSettings: false, scanMinutes: 10 },
    apiKeySet: false,
    apiKeySource: null,
    openaiApiKeySet: false,
    providerKind: 'rules',
    embeddingsKeySet: false,
    ...over,
  };
}

export function sessionFixture(id: number, over: Partial<SessionListItem> = {}): SessionListItem {
  return {
    id,
    claudeSessionId: `c0ffee${id}-0000`,
    project: 'alpha',
    cwd: '/src/alpha',
    transcriptPath: null,
    firstPrompt: `prompt of session ${id}`,
    promptCounter: 1,
    status: 'active',
    completionReason: null,
    startedAt: 1_700_000_000_000 + id,
    updatedAt: 1_700_000_000_000 + id,
    completedAt: null,
    observationCount: 0,
    summaryRequest: null,
    ...over,
  };
}

export function projectFixture(name: string, over: Partial<Project> = {}): Project {
  return {
    name,
    rootPath: `/src/${name}`,
    captureEnabled: true,
    skippedEvents: 0,
    createdAt: 1_700_000_000_000,
    lastActivityAt: 1_700_000_000_000,
    sessionCount: 2,
    observationCount: 5,
    ...over,
  };
}

/** What a verb answers when neither the defaults nor the test give it an answer. */
function missingVerbs(): Omit<MemTrayApi, 'subscribe'> {
  const out: Partial<Record<VerbName, () => Promise<never>>> = {};
  for (const [name, v] of Object.entries(VERBS) as Array<[VerbName, Verb]>)
    out[name] = () => Promise.reject(new ApiError(404, `no route for ${v.method} ${v.path}`));
  return out as Omit<MemTrayApi, 'subscribe'>;
}

export interface FakeApi extends MemTrayApi {
  calls: Array<[string, unknown[]]>;
  emit(ev: LiveEvent): void;
  /** Reports a live-stream status to the subscribers (an outage: 'down', then 'live'). */
  setLive(s: LiveStatus): void;
  state: {
    sessions: SessionListItem[];
    projects: Project[];
    settings: PublicSettings;
    hits: SearchHit[];
    /**
     * What a search page says besides its hits (the project named, the last session, the span of
     * days named, the words corrected).
     */
    searchNote: Pick<SearchPage, 'named' | 'lastSession' | 'period' | 'corrected' | 'unmatched'>;
    details: Record<number, SessionDetail>;
  };
}

export function fakeApi(over: Partial<MemTrayApi> = {}): FakeApi {
  const listeners = new Set<(ev: LiveEvent) => void>();
  const statusListeners = new Set<(s: LiveStatus) => void>();
  const calls: Array<[string, unknown[]]> = [];
  const state: FakeApi['state'] = {
    sessions: [],
    projects: [],
    settings: settingsFixture(),
    hits: [],
    searchNote: {},
    details: {},
  };
  const rec =
    <A extends unknown[], R>(name: string, fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      calls.push([name, a]);
      const value = await fn(...a);
      const r = (VERBS as Record<string, Verb | undefined>)[name]?.response.safeParse(value);
      if (r && !r.success) {
        const msg = `fakeApi.${name}: the answer drifted from the contract: ${r.error.message}`;
        console.error(msg); // the view shows the error; the log says why
        throw new Error(msg);
      }
      return value;
    };
  const emit = (ev: LiveEvent): void => {
    for (const l of listeners) l(ev);
  };
  /** Forgets a session the fake knows and announces it as the service does; false when unknown. */
  const forget = (id: number): boolean => {
    const s = state.sessions.find((x) => x.id === id) ?? state.details[id]?.session;
    if (!s) return false;
    state.sessions = state.sessions.filter((x) => x.id !== id);
    delete state.details[id];
    const { claudeSessionId, project } = s;
    emit({ name: 'session', data: { id, claudeSessionId, status: 'deleted', project } });
    return true;
  };
  const base: MemTrayApi = {
    ...missingVerbs(),
    health: rec('health', async () => ({ ok: true, version: '0.1.0', uptimeMs: 1000, quarantined: 0 })),
    status: rec('status', async () => ({
      ok: true,
      version: '0.1.0',
      uptimeMs: 61_000,
      quarantined: 0,
      dataDir: '/tmp/memtray',
      paused: state.settings.paused,
      counts: { sessions: state.sessions.length, prompts: 0, observations: 0, summaries: 0, events: 0 },
      queue: { pending: 0, leased: 0, done: 0, failed: 0, oldestPendingAgeMs: null },
      streamClients: 1,
    })),
    search: rec('search', async (q) => {
      const needle = q.q.toLowerCase();
      const items = state.hits.filter((h) => h.snippet.toLowerCase().includes(needle));
      return { items, nextCursor: null, ...state.searchNote } satisfies SearchPage;
    }),
    listSessions: rec('listSessions', async (o = {}) => ({
      items: state.sessions.filter((s) => !o.project || s.project === o.project),
      nextCursor: null,
    })),
    getSession: rec('getSession', async (id) => {
      const d = state.details[id];
      if (!d) throw new ApiError(404, `session ${id} not found`);
      return d;
    }),
    getSessionState: rec('getSessionState', async (id) => ({
      session_id: `c${id}`,
      created_at: '',
      updated_at: '',
      session_active: true,
      agents: [],
      agents_history: [],
      files: { new: [], edited: ['/src/alpha/a.ts'], read: [] },
      tools_used: { Edit: 2 },
      errors: [],
      prompts: [],
      notifications: [],
    })),
    deleteSession: rec('deleteSession', async (id) => {
      if (!forget(id)) throw new ApiError(404, `session ${id} not found`);
      return { deleted: true, id };
    }),
    getObservation: rec('getObservation', async (id) => ({
      id,
      sessionId: 1,
      promptNumber: 1,
      toolName: 'Edit',
      toolUseId: null,
      failed: false,
      cwd: null,
      createdAt: 1_700_000_000_000,
      type: 'bugfix',
      title: `Observation ${id}`,
      subtitle: null,
      facts: ['a fact'],
      narrative: 'what happened',
      concepts: [],
      filesRead: [],
      filesModified: ['/src/alpha/a.ts'],
      producedBy: 'rules',
      status: 'processed',
      toolInput: { file_path: '/src/alpha/a.ts' },
    })),
    listProjects: rec('listProjects', async () => ({ items: state.projects, paused: state.settings.paused })),
    setProjectCapture: rec('setProjectCapture', async (name, capture) => {
      state.projects = state.projects.map((p) => (p.name === name ? { ...p, captureEnabled: capture } : p));
      return { name, captureEnabled: capture };
    }),
    deleteProject: rec('deleteProject', async (name) => {
      const ids = state.sessions.filter((s) => s.project === name).map((s) => s.id);
      for (const id of ids) forget(id);
      state.projects = state.projects.map((p) => (p.name === name ? { ...p, sessionCount: 0 } : p));
      const captureEnabled = state.projects.find((p) => p.name === name)?.captureEnabled ?? true;
      emit({ name: 'project', data: { name, captureEnabled } });
      return { deletedSessions: ids.length };
    }),
    getSettings: rec('getSettings', async () => state.settings),
    updateSettings: rec('updateSettings', async (patch) => {
      // Nested objects merge and the keys are write-only, as in the service.
      const {
        apiKey,
        openaiApiKey,
        embeddingsKey,
        provider,
        context,
        retention,
        embeddings,
        ui,
        sync,
        ...rest
      } = patch;
      const s = state.settings;
      state.settings = {
        ...s,
        ...rest,
        provider: { ...s.provider, ...provider },
        context: { ...s.context, ...context },
        retention: { ...s.retention, ...retention },
        embeddings: { ...s.embeddings, ...embeddings },
        ui: { ...s.ui, ...ui },
        sync: { ...s.sync, ...sync },
        ...(apiKey !== undefined
          ? { apiKeySet: apiKey !== null, apiKeySource: apiKey ? 'settings' : null }
          : {}),
        ...(openaiApiKey !== undefined ? { openaiApiKeySet: openaiApiKey !== null } : {}),
        ...(embeddingsKey !== undefined ? { embeddingsKeySet: embeddingsKey !== null } : {}),
      } as PublicSettings;
      return state.settings;
    }),
    subscribe(listener, onStatus) {
      listeners.add(listener);
      if (onStatus) statusListeners.add(onStatus);
      onStatus?.('live');
      return () => {
        listeners.delete(listener);
        if (onStatus) statusListeners.delete(onStatus);
      };
    },
  };
  const wrapped = Object.fromEntries(
    Object.entries(over).map(([k, fn]) => [
      k,
      typeof fn === 'function' && k !== 'subscribe'
        ? rec(k, fn as (...a: unknown[]) => Promise<unknown>)
        : fn,
    ]),
  ) as Partial<MemTrayApi>;
  return {
    ...base,
    ...wrapped,
    calls,
    state,
    emit,
    setLive(st) {
      for (const l of statusListeners) l(st);
    },
  };
}
