/** HTTP routes of the capture plugin (docs/reference/http-api.md). */
import {
  hooksInstallRequest,
  hookScope,
  hooksUninstallRequest,
  importRequest,
} from '../../shared/contract/capture.js';
import type { AgentId } from '../../shared/contract/agents.js';
import { VERBS } from '../../shared/contract/verbs.js';
import type { Core } from '../core.js';
import { HttpError, type Route, validate, verbRoute } from '../server/http.js';
import { listImportRuns } from './importer.js';
import { hooksStatus, installHooks, uninstallHooks, type InstallerEnv } from './installer.js';
import { anyScopeHooks, captureStatus, hookFiles, type HookRepairs } from './status.js';

/** A history import the UI or CLI asks for: Claude Code's transcripts unless `agent` names another. */
export interface ImportRequest {
  since?: number;
  paths?: string[];
  agent?: AgentId;
}

interface CaptureRouteDeps {
  installerEnv(projectDir?: string): InstallerEnv;
  /** What was rewritten at start, by settings file (installer-repair.ts). */
  repairs?(): HookRepairs;
  /** Starts an import in the background; returns its run id. */
  startImport(req: ImportRequest): number;
}

export function captureRoutes(core: Core, deps: CaptureRouteDeps): Route[] {
  return [
    verbRoute(VERBS.getHooks, {
      handler: ({ query }) => {
        const scope = validate(hookScope.optional(), query.get('scope') ?? undefined, 'scope');
        const dir = query.get('projectDir') ?? undefined;
        // Without a scope: wherever the hooks are (user, or a known project's settings).
        if (!scope && !dir) return { json: anyScopeHooks(core, deps.installerEnv(), deps.repairs?.()) };
        return { json: hooksStatus(deps.installerEnv(dir), { scope: scope ?? 'user' }) };
      },
    }),
    verbRoute(VERBS.getCaptureStatus, {
      handler: () => ({ json: captureStatus(core, deps.installerEnv(), deps.repairs?.()) }),
    }),
    verbRoute(VERBS.installHooks, {
      handler: ({ body }) => {
        const b = validate(hooksInstallRequest, body);
        const r = guard(() =>
          installHooks(deps.installerEnv(b.projectDir), {
            ...(b.mode ? { mode: b.mode } : {}),
            ...(b.scope ? { scope: b.scope } : {}),
          }),
        );
        core.bus.emit('settings', { changed: ['hooks'] });
        return { json: statusOnly(r) };
      },
    }),
    verbRoute(VERBS.uninstallHooks, {
      handler: ({ body }) => {
        const b = validate(hooksUninstallRequest, body);
        const env = deps.installerEnv(b.projectDir);
        const file = b.settingsPath ? knownFile(core, deps.installerEnv(), b.settingsPath) : undefined;
        const r = guard(() =>
          uninstallHooks(env, {
            ...(b.scope ? { scope: b.scope } : {}),
            ...(file ? { scope: file.scope, settingsPath: file.settingsPath } : {}),
          }),
        );
        core.bus.emit('settings', { changed: ['hooks'] });
        return { json: statusOnly(r) };
      },
    }),
    verbRoute(VERBS.startImport, {
      handler: ({ body }) => {
        const b = validate(importRequest, body);
        const runId = deps.startImport({
          ...(b.since ? { since: Date.parse(b.since) } : {}),
          ...(b.paths ? { paths: b.paths } : {}),
          ...(b.agent ? { agent: b.agent } : {}),
        });
        return { status: 202, json: { runId } };
      },
    }),
    verbRoute(VERBS.listImports, {
      handler: () => ({ json: { items: listImportRuns(core) } }),
    }),
  ];
}

/** A settings file MemTray lists in its capture status; any other path is refused. */
function knownFile(core: Core, env: InstallerEnv, settingsPath: string) {
  const file = hookFiles(core, env).find((f) => f.settingsPath === settingsPath);
  if (!file) throw new HttpError(400, 'settingsPath: not a settings file MemTray reads hooks from');
  return file;
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
