import { basename } from 'node:path';
import { isPathExcluded } from './exclude.js';

export function projectName(explicit: string | undefined, cwd: string | null): string {
  if (explicit && explicit.trim() !== '') return explicit.trim();
  if (cwd) {
    const b = basename(cwd.replace(/[\\/]+$/, ''));
    if (b) return b;
  }
  return 'unknown';
}

export function touchesExcludedPath(toolInput: unknown, globs: string[]): boolean {
  if (globs.length === 0 || toolInput === null || typeof toolInput !== 'object') return false;
  const rec = toolInput as Record<string, unknown>;
  for (const key of ['file_path', 'path', 'notebook_path']) {
    const v = rec[key];
    if (typeof v === 'string' && isPathExcluded(v, globs)) return true;
  }
  return false;
}
