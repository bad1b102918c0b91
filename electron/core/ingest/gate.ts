/** Whether capture is on for a project and folder right now; a skip is counted on the project. */
import { isInternalCwd } from '../util/internal-runs.js';
import { isPathExcluded } from './exclude.js';
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
): SkipReason | null {
  let reason: SkipReason | null = null;
  if (d.settings.isPaused(now)) reason = 'paused';
  else if (d.projects.captureEnabled(project) === false) reason = 'project-disabled';
  else if (cwd && isPathExcluded(cwd, d.settings.get().excludedPaths)) reason = 'excluded-path';
  if (reason) d.projects.countSkip(project, cwd, now);
  return reason;
}
