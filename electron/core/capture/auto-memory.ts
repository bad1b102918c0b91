/**
 * Reads Claude Code's auto memory: `<root>/<project folder>/memory/` holds `MEMORY.md` (the index
 * Claude Code loads into every session) and topic files with a small front matter (`name`,
 * `description`, `type`). The project folder's name is the project's path with every character but
 * letters and digits turned into `-`; the path itself is found from the sessions MemTray knows,
 * else from a transcript beside the memory folder, else by reading the name back as a path.
 */
import { closeSync, existsSync, lstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Notes bigger than this are not read (Claude Code keeps them short). */
const MAX_NOTE_BYTES = 256 * 1024;
/** How much of a transcript is read to find the project's path. */
const SNIFF_BYTES = 64 * 1024;

interface NoteFile {
  file: string;
  stamp: string;
}

interface ParsedNote {
  title: string;
  description: string | null;
  kind: string;
  body: string;
}

/** Claude Code's folder name for a project path. */
function encodeProjectPath(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-');
}

/** The project folders under the root: folder name → its memory folder, or null when it has none. */
export function projectFolders(root: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return out;
  }
  for (const name of names) {
    if (!isDir(join(root, name))) continue;
    const dir = join(root, name, 'memory');
    out.set(name, isDir(dir) ? dir : null);
  }
  return out;
}

/** The note files of a memory folder (regular `.md` files, not too big), with their stamps. */
export function noteFiles(dir: string): NoteFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: NoteFile[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith('.md')) continue;
    const file = join(dir, name);
    try {
      const st = lstatSync(file);
      if (!st.isFile() || st.size > MAX_NOTE_BYTES) continue;
      out.push({ file, stamp: `${st.size}:${st.mtimeMs}` });
    } catch {
      continue;
    }
  }
  return out;
}

/** A note's front matter and body; `MEMORY.md` is the index. */
export function parseNote(file: string, text: string): ParsedNote {
  const meta = new Map<string, string>();
  let body = text.replace(/\r\n/g, '\n');
  const fm = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(body);
  if (fm) {
    for (const line of fm[1]!.split('\n')) {
      const m = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
      if (m) meta.set(m[1]!.toLowerCase(), unquote(m[2]!.trim()));
    }
    body = body.slice(fm[0].length);
  }
  body = body.trim();
  const isIndex = basename(file) === 'MEMORY.md';
  const heading = /^#{1,6}\s+(.+)$/m.exec(body)?.[1]?.trim();
  const title = isIndex
    ? 'MEMORY.md (Claude Code auto-memory index)'
    : meta.get('name') || heading || basename(file, '.md');
  return {
    title,
    description: meta.get('description') || null,
    kind: isIndex ? 'index' : meta.get('type') || 'note',
    body,
  };
}

export function readNote(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The project path a folder name stands for: a known session path that encodes to it, else the
 * `cwd` a transcript in the project folder records, else the name read back as a path if it exists.
 */
export function projectPathFor(
  folder: string,
  projectDir: string,
  knownCwds: Iterable<string>,
): string | null {
  for (const cwd of knownCwds) if (encodeProjectPath(cwd) === folder) return cwd;
  const sniffed = transcriptCwd(projectDir);
  if (sniffed && encodeProjectPath(sniffed) === folder) return sniffed;
  const naive = folder.replace(/-/g, '/');
  return naive.startsWith('/') && isDir(naive) ? naive : null;
}

function transcriptCwd(projectDir: string): string | null {
  let names: string[];
  try {
    names = readdirSync(projectDir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return null;
  }
  for (const name of names.slice(0, 5)) {
    const head = readHead(join(projectDir, name));
    const m = head ? /"cwd":"((?:[^"\\]|\\.)*)"/.exec(head) : null;
    if (m) {
      try {
        return JSON.parse(`"${m[1]!}"`) as string;
      } catch {
        continue;
      }
    }
  }
  return null;
}

function readHead(file: string): string | null {
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(SNIFF_BYTES);
    const n = readSync(fd, buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

function isDir(p: string): boolean {
  try {
    return existsSync(p) && lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

function unquote(v: string): string {
  const m = /^(["'])(.*)\1$/.exec(v);
  return m ? m[2]! : v;
}
