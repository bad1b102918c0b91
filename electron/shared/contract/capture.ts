/**
 * Capture: hook install state (`/api/capture/hooks*`, `memtray hooks … --json`) and history
 * imports (`/api/capture/import`, `/api/capture/imports`, `memtray import --json`).
 */
import { z } from 'zod';
import { agentId } from './agents';
import { epochMs, id } from './common';

const hookMode = z.enum(['http', 'command']);
export type HookMode = z.infer<typeof hookMode>;
export const hookScope = z.enum(['user', 'project']);
export type HookScope = z.infer<typeof hookScope>;

export const hooksState = z.strictObject({
  installed: z.boolean(),
  mode: hookMode.nullable(),
  scope: hookScope,
  settingsPath: z.string(),
  events: z.array(z.string()),
  problems: z.array(z.string()),
});
export type HooksState = z.infer<typeof hooksState>;

/** Project folder for `scope: 'project'` (default: the service's working directory). */
const projectDir = z.string().min(1).max(4096);

export const hooksInstallRequest = z.strictObject({
  mode: hookMode.optional(),
  scope: hookScope.optional(),
  projectDir: projectDir.optional(),
});
/** `settingsPath`: one of the files `/api/capture/status` lists (where the hooks were found). */
export const hooksUninstallRequest = hooksInstallRequest
  .omit({ mode: true })
  .extend({ settingsPath: z.string().min(1).max(4096).optional() });
export type HooksUninstallRequest = z.infer<typeof hooksUninstallRequest>;

export const importRequest = z.strictObject({
  since: z
    .string()
    .max(40)
    .refine((s) => Number.isFinite(Date.parse(s)), 'must be an ISO date')
    .optional(),
  paths: z.array(z.string().min(1).max(4096)).max(100).optional(),
  /** Whose history: Claude Code's transcripts (the default), or Codex, Gemini CLI or opencode's. */
  agent: agentId.optional(),
});
export type ImportRequest = z.infer<typeof importRequest>;
export const importStarted = z.strictObject({ runId: id });

const importRun = z.strictObject({
  id,
  source: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  filesTotal: z.number().int().nonnegative(),
  filesDone: z.number().int().nonnegative(),
  sessions: z.number().int().nonnegative(),
  prompts: z.number().int().nonnegative(),
  toolCalls: z.number().int().nonnegative(),
  skippedLines: z.number().int().nonnegative(),
  /** Folders that could not be read and were skipped. */
  skippedDirs: z.number().int().nonnegative(),
  error: z.string().nullable(),
  /** Why a finished run stored nothing (where it looked, what the files are); null otherwise. */
  note: z.string().nullable(),
  startedAt: epochMs,
  finishedAt: epochMs.nullable(),
});
export type ImportRun = z.infer<typeof importRun>;
export const importRunList = z.strictObject({ items: z.array(importRun) });

/** One Claude Code settings file MemTray looked at for its hooks. */
const hookFile = z.strictObject({
  scope: hookScope,
  settingsPath: z.string(),
  installed: z.boolean(),
  problems: z.array(z.string()),
  /** When the file was last written; null when it does not exist. */
  changedAt: epochMs.nullable(),
});
export type HookFile = z.infer<typeof hookFile>;

/** The last event the service received live (hooks or spool, not an import) from one agent. */
const agentReceipt = z.strictObject({ agent: z.string(), lastEventAt: epochMs });
export type AgentReceipt = z.infer<typeof agentReceipt>;

/** Another coding agent found on this machine, and whether MemTray's hooks (or plugin) are in its file. */
const agentHooks = z.strictObject({
  agent: agentId,
  installed: z.boolean(),
  path: z.string(),
  events: z.array(z.string()),
  /** Why the installed hooks would not reach this install (MemTray moved, another install's hooks). */
  problems: z.array(z.string()),
});
export type AgentHooks = z.infer<typeof agentHooks>;

/**
 * What capture looks like from the service: the last event received from each agent, every
 * settings file Claude Code's hooks can live in (user, and each known project's
 * `.claude/settings.json` and `.claude/settings.local.json`), and the other agents found here.
 */
export const captureStatus = z.strictObject({
  agents: z.array(agentReceipt),
  hookFiles: z.array(hookFile),
  otherAgents: z.array(agentHooks),
  checkedAt: epochMs,
});
export type CaptureStatus = z.infer<typeof captureStatus>;
