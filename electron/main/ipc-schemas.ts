/**
 * zod schemas for every IPC verb's arguments (a tuple per verb). Main validates each call against
 * these before it reaches the service; a call that does not validate is answered 400 and does
 * nothing. Electron-free (tested under Node).
 */
import { z } from 'zod';
import { settingsPatchSchema } from '../core/settings/schema.js';
import { hooksInstallRequest, hooksUninstallRequest, importRequest } from '../shared/contract/capture.js';
import { id, projectName } from '../shared/contract/common.js';
import { retryRequest, usageDays } from '../shared/contract/queue.js';
import { searchQuery } from '../shared/contract/search.js';
import { sessionListQuery } from '../shared/contract/sessions.js';
import { recentRequestSchema } from '../shared/contract/recent.js';
import { contextDraftSchema } from '../shared/contract/context.js';
import { IPC_VERBS, type IpcArgs, type IpcVerb } from '../shared/ipc.js';
import { exportRequest, holdDecision, machineIdSchema } from '../shared/contract/sync.js';

const none = z.tuple([]);
const absolutePath = z
  .string()
  .min(1)
  .max(1000)
  .regex(/^(\/|[A-Za-z]:[\\/])/, 'an absolute path');

export const ipcArgSchemas = {
  health: none,
  status: none,
  search: z.tuple([searchQuery]),
  listSessions: z.tuple([sessionListQuery.optional()]),
  getSession: z.tuple([id]),
  getSessionState: z.tuple([id]),
  deleteSession: z.tuple([id]),
  getObservation: z.tuple([id]),
  listProjects: none,
  setProjectCapture: z.tuple([projectName, z.boolean()]),
  deleteProject: z.tuple([projectName]),
  getSettings: none,
  updateSettings: z.tuple([settingsPatchSchema]),
  getQueue: none,
  retryJobs: z.tuple([retryRequest.shape.ids]),
  getUsage: z.tuple([usageDays.optional()]),
  getProvider: none,
  getStorage: none,
  getEmbeddings: none,
  reindexEmbeddings: none,
  getKeyStatus: none,
  testKey: none,
  previewContext: z.tuple([projectName, contextDraftSchema.strict().optional()]),
  getRecent: z.tuple([recentRequestSchema.strict().optional()]),
  getLogs: z.tuple([
    z
      .object({
        level: z.enum(['info', 'warn', 'error']).optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict()
      .optional(),
  ]),
  getHooks: none,
  getCaptureStatus: none,
  // The UI installs for the service's own folder: no projectDir over IPC.
  installHooks: z.tuple([hooksInstallRequest.omit({ projectDir: true }).optional()]),
  uninstallHooks: z.tuple([hooksUninstallRequest.pick({ settingsPath: true }).strict().optional()]),
  startImport: z.tuple([importRequest.optional()]),
  listImports: none,
  getSync: none,
  runSync: none,
  decideSyncHold: z.tuple([machineIdSchema, holdDecision.shape.decision]),
  restoreSyncTrash: z.tuple([id]),
  exportData: z.tuple([exportRequest.extend({ path: absolutePath }).strict()]),
  importArchive: z.tuple([absolutePath]),
  getArchiveImport: z.tuple([id]),
} satisfies Record<IpcVerb, z.ZodType>;

export class IpcValidationError extends Error {
  readonly status = 400;
}

/**
 * Validates the raw arguments of one IPC call. Trailing `undefined`s are dropped first (a verb
 * called without its optional argument arrives as `[]` or `[undefined]` depending on the caller).
 */
export function validateIpcArgs<V extends IpcVerb>(verb: V, raw: unknown): IpcArgs<V> {
  if (!(IPC_VERBS as readonly string[]).includes(verb))
    throw new IpcValidationError(`unknown verb '${verb}'`);
  if (!Array.isArray(raw)) throw new IpcValidationError(`invalid arguments for ${verb}: expected a list`);
  const args = [...(raw as unknown[])];
  while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
  const schema = ipcArgSchemas[verb] as z.ZodType;
  // An optional trailing tuple element still needs a slot: pad to the tuple's length.
  const def = schema as unknown as { def?: { items?: unknown[] } };
  const len = def.def?.items?.length ?? 0;
  while (args.length < len) args.push(undefined);
  const r = schema.safeParse(args);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new IpcValidationError(`invalid arguments for ${verb}${where}: ${issue?.message ?? 'rejected'}`);
  }
  return r.data as IpcArgs<V>;
}
