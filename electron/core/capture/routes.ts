/** HTTP routes of the capture plugin (contracts in docs/capture.md). */
import { z } from 'zod';
import type { Core } from '../core.js';
import { HttpError, validate, type Route } from '../server/http.js';
import { listImportRuns } from './importer.js';
import { hooksStatus, installHooks, uninstallHooks, type InstallerEnv } from './installer.js';

const scopeSchema = z.enum(['user', 'project']);
const installSchema = z
  .object({
    mode: z.enum(['http', 'command']).optional(),
    scope: scopeSchema.optional(),
    /** Project folder for `scope: 'project'` (default: the service's working directory). */
    projectDir: z.string().min(1).max(4096).optional(),
  })
  .strict();
const uninstallSchema = installSchema.omit({ mode: true });
const importSchema = z
  .object({
    since: z
      .string()
      .max(40)
      .refine((s) => Number.isFinite(Date.parse(s)), 'must be an ISO date')
      .optional(),
    paths: z.array(z.string().min(1).max(4096)).max(100).optional(),
  })
  .strict();

export interface CaptureRouteDeps {
  installerEnv(projectDir?: string): InstallerEnv;
  /** Starts an import in the background; returns its run id. */
  startImport(opts: { since?: number; paths?: string[] }): number;
}

export function captureRoutes(core: Core, deps: CaptureRouteDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/capture/hooks',
      handler: ({ query }) => {
        const scope = validate(scopeSchema.optional(), query.get('scope') ?? undefined, 'scope');
        const dir = query.get('projectDir') ?? undefined;
        return { json: hooksStatus(deps.installerEnv(dir), { scope: scope ?? 'user' }) };
      },
    },
    {
      method: 'POST',
      path: '/api/capture/hooks/install',
      handler: ({ body }) => {
        const b = validate(installSchema, body);
        const r = guard(() =>
          installHooks(deps.installerEnv(b.projectDir), {
            ...(b.mode ? { mode: b.mode } : {}),
            ...(b.scope ? { scope: b.scope } : {}),
          }),
        );
        return { json: statusOnly(r) };
      },
    },
    {
      method: 'POST',
      path: '/api/capture/hooks/uninstall',
      handler: ({ body }) => {
        const b = validate(uninstallSchema, body);
        const r = guard(() =>
          uninstallHooks(deps.installerEnv(b.projectDir), { ...(b.scope ? { scope: b.scope } : {}) }),
        );
        return { json: statusOnly(r) };
      },
    },
    {
      method: 'POST',
      path: '/api/capture/import',
      handler: ({ body }) => {
        const b = validate(importSchema, body);
        const runId = deps.startImport({
          ...(b.since ? { since: Date.parse(b.since) } : {}),
          ...(b.paths ? { paths: b.paths } : {}),
        });
        return { status: 202, json: { runId } };
      },
    },
    {
      method: 'GET',
      path: '/api/capture/imports',
      handler: () => ({ json: { items: listImportRuns(core) } }),
    },
  ];
}

function statusOnly<T extends { installed: boolean }>(r: T) {
  const { installed, mode, scope, settingsPath, events, problems } = r as T & ReturnType<typeof hooksStatus>;
  return { installed, mode, scope, settingsPath, events, problems };
}

function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Error && err.name !== 'HttpError' && /nothing was changed/.test(err.message))
      throw new HttpError(409, err.message);
    throw err;
  }
}
