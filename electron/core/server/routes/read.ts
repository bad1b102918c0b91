import { z } from 'zod';
import type { Core } from '../../core.js';
import { customPatternStatus } from '../../privacy/custom-patterns.js';
import { unsafeRegexReason } from '../../settings/safe-regex.js';
import { settingsPatchSchema } from '../../settings/schema.js';
import { SecretStoreError } from '../../settings/store.js';
import { Quarantine } from '../../store/quarantine.js';
import { HttpError, idParam, intParam, validate, type Route } from '../http.js';
import type { SseHub } from '../sse.js';

// Project names: 1-200 characters, no control characters.
const projectNameRe = /^[^\p{Cc}]{1,200}$/u;

/** Read API, project toggles, settings and the live stream. */
export function readRoutes(core: Core, sse: SseHub, startedAt: number): Route[] {
  const quarantine = new Quarantine(core.sqlite, core.clock, core.logger);
  return [
    {
      method: 'GET',
      path: '/api/health',
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
    },
    {
      method: 'GET',
      path: '/api/health/quarantine',
      settled: false,
      handler: () => ({ json: { items: quarantine.list() } }),
    },
    {
      // Custom redaction patterns: active, invalid for RE2, or disabled for their cost (with why).
      method: 'GET',
      path: '/api/health/redaction',
      settled: false,
      handler: () => {
        const patterns = customPatternStatus(core.settings.get().customRedactPatterns);
        return { json: { ok: patterns.every((p) => p.state === 'active'), customPatterns: patterns } };
      },
    },
    {
      method: 'GET',
      path: '/api/status',
      handler: () => ({
        json: {
          ok: true,
          version: core.version,
          uptimeMs: core.clock() - startedAt,
          dataDir: core.paths.root,
          paused: core.settings.isPaused(),
          quarantined: quarantine.count(),
          counts: core.read.counts(),
          queue: core.read.queueCounts(),
          streamClients: sse.size,
        },
      }),
    },
    {
      method: 'GET',
      path: '/api/sessions',
      handler: ({ query }) => {
        const project = query.get('project') ?? undefined;
        const cursor = intParam(query, 'cursor', 0, 0, Number.MAX_SAFE_INTEGER);
        return {
          json: core.read.listSessions({
            ...(project ? { project } : {}),
            limit: intParam(query, 'limit', 20, 1, 200),
            ...(cursor ? { cursor } : {}),
          }),
        };
      },
    },
    {
      method: 'GET',
      path: '/api/sessions/:id',
      handler: ({ params }) => {
        const id = idParam(params);
        const d = core.read.sessionDetail(id);
        if (!d) throw new HttpError(404, `session ${id} not found`);
        return { json: d };
      },
    },
    {
      method: 'DELETE',
      path: '/api/sessions/:id',
      handler: ({ params }) => {
        const id = idParam(params);
        if (!core.ingest.user.deleteSession(id)) throw new HttpError(404, `session ${id} not found`);
        return { json: { deleted: true, id } };
      },
    },
    {
      method: 'GET',
      path: '/api/sessions/:id/state',
      handler: ({ params }) => {
        const id = idParam(params);
        const st = core.read.sessionState(id);
        if (!st) throw new HttpError(404, `session ${id} not found`);
        return { json: st };
      },
    },
    {
      method: 'GET',
      path: '/api/observations/:id',
      handler: ({ params }) => {
        const id = idParam(params);
        const o = core.read.observation(id);
        if (!o) throw new HttpError(404, `observation ${id} not found`);
        return { json: o };
      },
    },
    {
      method: 'GET',
      path: '/api/projects',
      handler: () => ({ json: { items: core.read.listProjects(), paused: core.settings.isPaused() } }),
    },
    {
      method: 'PUT',
      path: '/api/projects/:name',
      handler: ({ params, body }) => {
        const name = params.name!;
        if (!projectNameRe.test(name)) throw new HttpError(400, 'invalid path: project name');
        const b = validate(z.object({ capture: z.boolean() }).strict(), body);
        return { json: core.projects.setCapture(name, b.capture, core.clock()) };
      },
    },
    {
      method: 'DELETE',
      path: '/api/projects/:name',
      handler: ({ params }) => {
        const name = params.name!;
        if (!projectNameRe.test(name)) throw new HttpError(400, 'invalid path: project name');
        const n = core.ingest.user.deleteProjectMemories(name);
        return { json: { deletedSessions: n } };
      },
    },
    {
      method: 'GET',
      path: '/api/settings',
      handler: () => ({ json: core.settings.publicView() }),
    },
    {
      method: 'PUT',
      path: '/api/settings',
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
    },
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
