/** Whether capture is on for a project and folder right now; a skip is counted on the project. */
import type { Settings } from '../../shared/contract/settings.js';
import { isInternalCwd } from '../util/internal-runs.js';
import { isPathExcluded } from './exclude.js';
import type { HookPayload } from './payloads.js';
import { touchesExcludedPath } from './project.js';
import type { IngestDeps, SkipReason } from './types.js';

/**
 * MemTray's own runs (the claude-code provider, util/internal-runs.ts): refused before the project is
 * even looked up, so nothing is stored or counted, not even a project row.
 */
export function internalRunGate(cwd: string | null): SkipReason | null {
  return cwd && isInternalCwd(cwd) ? 'memtray-internal' : null;
}

export function captureGate(
  d: Pick<IngestDeps, 'settings' | 'projects'>,
  project: string,
  cwd: string | null,
  now: number,
  /** The skip's `project` event waits for the COMMIT (the live skipped count in the UI). */
  emit?: Array<() => void>,
): SkipReason | null {
  let reason: SkipReason | null = null;
  if (d.settings.isPaused(now)) reason = 'paused';
  else if (d.projects.captureEnabled(project) === false) reason = 'project-disabled';
  else if (cwd && isPathExcluded(cwd, d.settings.get().excludedPaths)) reason = 'excluded-path';
  if (reason) d.projects.countSkip(project, cwd, now, emit);
  return reason;
}

/**
 * A tool call the user keeps out: a tool on the never-captured list (`skipTools`) or a file under an
 * excluded path. Decided before the event is journaled, so nothing of it is written anywhere.
 */
export function toolGate(
  settings: Pick<Settings, 'skipTools' | 'excludedPaths'>,
  payload: HookPayload,
): SkipReason | null {
  const tool = payload.tool_name;
  if (typeof tool === 'string' && settings.skipTools.includes(tool)) return 'skip-tool';
  if (touchesExcludedPath(payload.tool_input, settings.excludedPaths)) return 'excluded-path';
  return null;
}
