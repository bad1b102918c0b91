/** Whether capture is on for a project and folder right now; a skip is counted on the project. */
import { isPathExcluded } from './exclude.js';
import type { IngestDeps, SkipReason } from './types.js';

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
