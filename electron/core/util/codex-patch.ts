/**
 * Codex's `apply_patch` text (its hook's `tool_input.command`): one patch that adds, updates,
 * deletes or moves files, between `*** Begin Patch` and `*** End Patch`. Each file's section starts
 * with `*** Add File: path`, `*** Update File: path` or `*** Delete File: path` (a `*** Move to:
 * path` line may follow an update); an update's hunks start with `@@` and hold context lines (` `),
 * removed lines (`-`) and added ones (`+`); an added file's lines are all `+`.
 */

/** The part of a patch read, and the files taken from it, at most. */
const PATCH_MAX = 64 * 1024;
const FILES_MAX = 50;
const HEADER = /^\*\*\* (Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/;
const VERB = { Add: 'added', Update: 'updated', Delete: 'deleted' } as const;

export interface PatchSection {
  verb: 'added' | 'updated' | 'deleted' | 'moved to';
  path: string;
  /** The section's lines after its header, as written (hunk markers and signs included); none for a move. */
  lines: string[];
}

/** The sections of a patch, in order (the first 64 KiB, 50 files at most). */
export function patchSections(patch: string): PatchSection[] {
  const out: PatchSection[] = [];
  let current: PatchSection | null = null;
  for (const line of patch.slice(0, PATCH_MAX).split('\n')) {
    const h = HEADER.exec(line);
    if (h) {
      if (out.length >= FILES_MAX) break;
      const verb = h[1] ? VERB[h[1] as keyof typeof VERB] : 'moved to';
      const section: PatchSection = { verb, path: (h[2] ?? h[3]!).trim(), lines: [] };
      out.push(section);
      // The hunks after a `Move to` line are the update's: they change the file it moves.
      if (verb !== 'moved to') current = section;
    } else if (current && !line.startsWith('*** ')) current.lines.push(line);
  }
  return out;
}

/** An update's hunks as replacements: the hunk's context and removed lines by its context and added ones. */
export function hunkEdits(lines: string[]): Array<{ old: string; new: string }> {
  const out: Array<{ old: string; new: string }> = [];
  let old: string[] = [];
  let now: string[] = [];
  const flush = (): void => {
    if (old.length > 0 || now.length > 0) out.push({ old: old.join('\n'), new: now.join('\n') });
    old = [];
    now = [];
  };
  for (const l of lines) {
    if (l.startsWith('@@')) flush();
    else if (l.startsWith('-')) old.push(l.slice(1));
    else if (l.startsWith('+')) now.push(l.slice(1));
    else if (l.startsWith(' ')) {
      old.push(l.slice(1));
      now.push(l.slice(1));
    }
  }
  flush();
  return out;
}

/** An added file's text: its `+` lines. */
export const addedText = (lines: string[]): string =>
  lines
    .filter((l) => l.startsWith('+'))
    .map((l) => `${l.slice(1)}\n`)
    .join('');
