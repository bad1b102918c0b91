import { projectName } from '../../../shared/contract/common.js';
import { quarantineList, redactionHealth } from '../../../shared/contract/health.js';
import { projectCaptureRequest } from '../../../shared/contract/projects.js';
import { sessionListQuery, SESSIONS_LIMIT } from '../../../shared/contract/sessions.js';
import type { Core } from '../../core.js';
import { customPatternStatus } from '../../privacy/custom-patterns.js';
import { unsafeRegexReason } from '../../settings/safe-regex.js';
import { settingsPatchSchema } from '../../../shared/contract/settings.js';
import { VERBS } from '../../../shared/contract/verbs.js';
import { SecretStoreError } from '../../settings/store.js';
import { Quarantine } from '../../store/quarantine.js';
import { HttpError, idParam, jsonRoute, type Route, validate, verbRoute } from '../http.js';
import type { SseHub } from '../sse.js';

/** The `:name` of `/api/projects/:name`, checked with the contract's project-name rule. */
function nameParam(params: Record<string, string>): string {
  const name = params.name!;
  if (!projectName.safeParse(name).success) throw new HttpError(400, 'invalid path: project name');
  return name;
}

/** A number in a query string (`abc` stays text, so the schema names the field). */
const num = (v: string | null): number | string | undefined =>
  v === null || v === '' ? undefined : /^-?\d+$/.test(v) ? Number(v) : v;

/** Read API, project toggles, settings and the live stream. */
export function readRoutes(core: Core, sse: SseHub, startedAt: number): Route[] {
  return [
    ...healthRoutes(core, sse, startedAt),
    ...sessionRoutes(core),
    ...projectRoutes(core),
    ...settingsRoutes(core),
    {
      method: 'GET',
      path: '/api/stream',
      queryToken: true,
      handler: ({ res }) => {
        sse.attach(res);
        return { handled: true };
      },
    },
  ];
}

/** Health (open, counts only), what is quarantined, the redaction patterns' state, the status. */
function healthRoutes(core: Core, sse: SseHub, startedAt: number): Route[] {
  const quarantine = new Quarantine(core.sqlite, core.clock, core.logger);
  return [
    verbRoute(VERBS.health, {
      auth: false,
      settled: false,
      // Counts only: what is quarantined (paths, reasons) needs the token (/api/health/quarantine).
      handler: () => ({
        json: {
          ok: true,
          version: core.version,
          uptimeMs: core.clock() - startedAt,
          quarantined: quarantine.count(),
        },
      }),
    }),
    jsonRoute({
      method: 'GET',
      path: '/api/health/quarantine',
      response: quarantineList,
      settled: false,
      handler: () => ({ json: { items: quarantine.list() } }),
    }),
    jsonRoute({
      // Custom redaction patterns: active, invalid for RE2, or disabled for their cost (with why).
      method: 'GET',
      path: '/api/health/redaction',
      response: redactionHealth,
      settled: false,
      handler: () => {
        const patterns = customPatternStatus(core.settings.get().customRedactPatterns);
        return { json: { ok: patterns.every((p) => p.state === 'active'), customPatterns: patterns } };
      },
    }),
    verbRoute(VERBS.status, {
      handler: () => ({
        json: {
          ok: true,
          version: core.version,
          uptimeMs: core.clock() - startedAt,
          dataDir: core.paths.root,
          paused: core.settings.isPaused(),
          quarantined: quarantine.count(),
          counts: core.read.counts(),
          queue: core.jobs.counts(),
          streamClients: sse.size,
        },
      }),
    }),
  ];
}

/** Sessions: the list, one with its prompts and observations, its state, its deletion; an observation. */
function sessionRoutes(core: Core): Route[] {
  return [
    verbRoute(VERBS.listSessions, {
      handler: ({ query }) => {
        const asked = validate(
          sessionListQuery,
          {
            project: query.get('project') || undefined,
            q: query.get('q')?.trim() || undefined,
            limit: num(query.get('limit')),
            cursor: num(query.get('cursor')),
          },
          'query',
        );
        return {
          json: core.read.listSessions({
            ...(asked.project ? { project: asked.project } : {}),
            ...(asked.q ? { q: asked.q } : {}),
            limit: asked.limit ?? SESSIONS_LIMIT.default,
            ...(asked.cursor ? { cursor: asked.cursor } : {}),
          }),
        };
      },
    }),
    verbRoute(VERBS.getSession, {
      handler: ({ params }) => {
        const id = idParam(params);
        const d = core.read.sessionDetail(id);
        if (!d) throw new HttpError(404, `session ${id} not found`);
        return { json: d };
      },
    }),
    verbRoute(VERBS.deleteSession, {
      handler: ({ params }) => {
        const id = idParam(params);
        if (!core.ingest.user.deleteSession(id)) throw new HttpError(404, `session ${id} not found`);
        return { json: { deleted: true as const, id } };
      },
    }),
    verbRoute(VERBS.getSessionState, {
      handler: ({ params }) => {
        const id = idParam(params);
        const st = core.read.sessionState(id);
        if (!st) throw new HttpError(404, `session ${id} not found`);
        return { json: st };
      },
    }),
    verbRoute(VERBS.getObservation, {
      handler: ({ params }) => {
        const id = idParam(params);
        const o = core.read.observation(id);
        if (!o) throw new HttpError(404, `observation ${id} not found`);
        return { json: o };
      },
    }),
  ];
}

/** Projects and their capture switch; forgetting a project's memories. */
function projectRoutes(core: Core): Route[] {
  return [
    verbRoute(VERBS.listProjects, {
      handler: () => ({ json: { items: core.projects.list(), paused: core.settings.isPaused() } }),
    }),
    verbRoute(VERBS.setProjectCapture, {
      handler: ({ params, body }) => {
        const name = nameParam(params);
        const b = validate(projectCaptureRequest, body);
        const row = core.projects.setCapture(name, b.capture, core.clock());
        return { json: { name, captureEnabled: row.captureEnabled } };
      },
    }),
    verbRoute(VERBS.deleteProject, {
      handler: ({ params }) => {
        const name = nameParam(params);
        const n = core.ingest.user.deleteProjectMemories(name);
        return { json: { deletedSessions: n } };
      },
    }),
  ];
}

/** The settings as the UI sees them, and a patch of them (custom patterns checked before they are stored). */
function settingsRoutes(core: Core): Route[] {
  return [
    verbRoute(VERBS.getSettings, { handler: () => ({ json: core.settings.publicView() }) }),
    verbRoute(VERBS.updateSettings, {
      handler: ({ body }) => {
        const patch = validate(settingsPatchSchema, body);
        for (const p of patch.customRedactPatterns ?? []) {
          const why = unsafeRegexReason(p);
          if (why) throw new HttpError(400, `invalid body: customRedactPatterns: '${p.slice(0, 80)}' ${why}`);
        }
        let changed: string[];
        try {
          changed = core.settings.update(patch);
        } catch (err) {
          if (err instanceof SecretStoreError) throw new HttpError(409, err.message);
          throw err;
        }
        core.bus.emit('settings', { changed });
        return { json: core.settings.publicView() };
      },
    }),
  ];
}
