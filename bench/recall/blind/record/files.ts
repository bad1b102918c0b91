/** Reads the project files the scripted sessions write (kept as real files under `<project>/files/`). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** A reader of one project's files: `file('scan.v1.py')`. */
export function filesOf(project: string): (name: string) => string {
  return (name) => readFileSync(join(HERE, project, 'files', name), 'utf8');
}
