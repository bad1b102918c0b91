/**
 * First run: a short consent step (install the Claude Code hooks — HTTP mode by default — and
 * import existing Claude Code history), remembered in `<dataDir>/first-run.json` so it is asked
 * once. The dialog is Electron's; the state, the steps and the progress text are here.
 * Electron-free.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { HooksState, LiveEvent } from '../shared/api.js';
import type { ServiceApi } from './service-client.js';

export interface FirstRunChoice {
  installHooks: boolean;
  importHistory: boolean;
  /** Compress with the user's own `claude` CLI (asked only when it is found and no key is set). */
  useClaudeCode?: boolean;
}

const stateSchema = z.object({
  version: z.literal(1),
  completedAt: z.number().int(),
  choice: z.object({
    installHooks: z.boolean(),
    importHistory: z.boolean(),
    useClaudeCode: z.boolean().optional(),
  }),
});

type FirstRunState = z.infer<typeof stateSchema>;

export function firstRunFile(dataDir: string): string {
  return join(dataDir, 'first-run.json');
}

/** The recorded first run, or null when it has not happened (or the file is unreadable). */
export function readFirstRun(dataDir: string): FirstRunState | null {
  try {
    const r = stateSchema.safeParse(JSON.parse(readFileSync(firstRunFile(dataDir), 'utf8')));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export function recordFirstRun(dataDir: string, choice: FirstRunChoice, now: number): FirstRunState {
  const state: FirstRunState = { version: 1, completedAt: now, choice };
  const file = firstRunFile(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return state;
}

interface FirstRunResult {
  hooks: HooksState | null;
  importRunId: number | null;
  errors: string[];
}

/**
 * Whether to offer the claude-code provider: `claude` is found, no key is set and no provider was
 * chosen yet. Returns the CLI's path to show, or null (no offer).
 */
export async function claudeCodeOffer(
  api: Pick<ServiceApi, 'getSettings' | 'getProvider'>,
): Promise<string | null> {
  try {
    const [s, p] = await Promise.all([api.getSettings(), api.getProvider()]);
    return s.provider.kind === null && !s.apiKeySet && p.claude.found ? p.claude.path : null;
  } catch {
    return null;
  }
}

/** Performs the consented steps through the service (each failure reported, none fatal). */
export async function runFirstRun(
  api: Pick<ServiceApi, 'installHooks' | 'startImport' | 'updateSettings'>,
  choice: FirstRunChoice,
): Promise<FirstRunResult> {
  const out: FirstRunResult = { hooks: null, importRunId: null, errors: [] };
  if (choice.useClaudeCode !== undefined) {
    try {
      // Either way the choice is recorded, so the Provider view does not offer it again.
      await api.updateSettings({ provider: { kind: choice.useClaudeCode ? 'claude-code' : 'rules' } });
    } catch (err) {
      out.errors.push(`choosing the provider failed: ${(err as Error).message}`);
    }
  }
  if (choice.installHooks) {
    try {
      out.hooks = await api.installHooks({ mode: 'http', scope: 'user' });
    } catch (err) {
      out.errors.push(`installing the hooks failed: ${(err as Error).message}`);
    }
  }
  if (choice.importHistory) {
    try {
      out.importRunId = (await api.startImport({})).runId;
    } catch (err) {
      out.errors.push(`importing history failed: ${(err as Error).message}`);
    }
  }
  return out;
}

export interface ImportProgress {
  runId: number;
  status: string;
  filesDone: number;
  filesTotal: number;
}

/** Follows one import run's live `import` events; returns the new progress if the event is ours. */
export function importProgress(runId: number, ev: LiveEvent): ImportProgress | null {
  if (ev.name !== 'import' || ev.data.runId !== runId) return null;
  return { runId, status: ev.data.status, filesDone: ev.data.filesDone, filesTotal: ev.data.filesTotal };
}

export function progressText(p: ImportProgress): string {
  if (p.status === 'done') return `Imported Claude Code history (${p.filesTotal} files).`;
  if (p.status === 'failed') return 'Importing Claude Code history failed (see the Health view).';
  const pct = p.filesTotal > 0 ? Math.floor((100 * p.filesDone) / p.filesTotal) : 0;
  return `Importing Claude Code history: ${p.filesDone}/${p.filesTotal} files (${pct}%)`;
}
