import { isPathExcluded } from './exclude.js';

/** The project of a session whose first event carried no working directory. */
export const UNKNOWN_PROJECT = 'unknown';

/** Whether a tool's input names a file or folder under an excluded path. */
export function touchesExcludedPath(toolInput: unknown, globs: readonly string[]): boolean {
  if (globs.length === 0 || toolInput === null || typeof toolInput !== 'object') return false;
  const rec = toolInput as Record<string, unknown>;
  for (const key of ['file_path', 'path', 'notebook_path']) {
    const v = rec[key];
    if (typeof v === 'string' && isPathExcluded(v, globs)) return true;
  }
  return false;
}
