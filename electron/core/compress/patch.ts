/**
 * Codex's `apply_patch` (its hook's `tool_input.command`): one patch that adds, updates, deletes or
 * moves files (`*** Add File: path`, `*** Update File: path`, `*** Delete File: path`, `*** Move
 * to: path`, between `*** Begin Patch` and `*** End Patch`). The rules extractor makes it a change
 * to each file it names, with the lines it added as written text, as a Write or an Edit is.
 */
import { posix } from 'node:path';
import type { StructuredFields } from '../ingest/ingestor.js';
import { clip } from '../util/clip.js';
import { patchSections, type PatchSection } from '../util/codex-patch.js';
import { relativeTo } from '../util/paths.js';
import { writtenFacts } from './written.js';

/** The files a patch names, in order, and the lines it adds (`+`, without the sign). */
export function readPatch(patch: string): {
  files: Array<Pick<PatchSection, 'verb' | 'path'>>;
  added: string[];
} {
  const sections = patchSections(patch);
  return {
    files: sections.map(({ verb, path }) => ({ verb, path })),
    added: sections.flatMap((s) => s.lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1))),
  };
}

/** A Codex patch as a change to the files it names (paths under `cwd` when relative); null when it names none. */
export function patchOp(patch: string, cwd: string | null): StructuredFields | null {
  if (!patch.startsWith('*** Begin Patch')) return null;
  const { files, added } = readPatch(patch);
  if (files.length === 0) return null;
  const abs = (p: string): string => (posix.isAbsolute(p) || !cwd ? p : posix.join(cwd, p));
  const shown = files.map((f) => relativeTo(abs(f.path), cwd));
  return {
    type: 'change',
    title: clip(`Patched ${[...new Set(shown)].join(', ')}`, 120),
    subtitle: `${files.length} file${files.length === 1 ? '' : 's'}, ${added.length} lines added`,
    facts: [...files.map((f, n) => `${f.verb} ${shown[n]}`), ...writtenFacts(added.join('\n'))],
    concepts: ['file-edit'],
    filesRead: [],
    filesModified: files.map((f) => abs(f.path)),
  };
}
