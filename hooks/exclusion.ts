/**
 * Excluded paths, as the service decides them (ingest/gate.ts), for the hook program: loaded only
 * when the user has excluded paths, so the common start never pays for the glob matcher.
 */
import { isPathExcluded } from '../electron/core/ingest/exclude.js';
import { touchesExcludedPath } from '../electron/core/ingest/project.js';

/**
 * `call`: the tool call names a file under an excluded path (dropped at once). `folder`: the event
 * comes from an excluded folder (the service counts it as skipped; it is never spooled).
 */
export function exclusionOf(
  payload: Record<string, unknown>,
  globs: readonly string[],
): 'call' | 'folder' | null {
  if (touchesExcludedPath(payload.tool_input, globs)) return 'call';
  const cwd = payload.cwd;
  return typeof cwd === 'string' && isPathExcluded(cwd, globs) ? 'folder' : null;
}
