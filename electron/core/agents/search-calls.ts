/**
 * Another agent's search tools in MemTray's terms: Claude Code's `Grep`, `Glob` and `LS`, with
 * their inputs (`pattern`, `path`, `glob`) and responses (`numLines`/`numFiles` and the `filenames`
 * found), so the rules extractor remembers "Searched for X" with its count and the files it found,
 * as it does for Claude Code. The text the agent printed is kept whole in the response (`content`).
 *
 * Shapes as the real CLIs print them (opencode 1.18, Gemini CLI 0.61):
 * - opencode `grep`: `Found 3 matches` then each file's absolute path and a colon, its lines
 *   indented (`  Line 1: …`); `No files found` when nothing matched.
 * - opencode `glob`: one absolute path per line; `No files found`.
 * - Gemini `grep_search`: `Found 3 matches for pattern "X" in path "src" (filter: "*.ts"):`, then
 *   `File: tax.ts` (relative to the folder searched) and its `L1: …` lines; `No matches found …`.
 * - Gemini `glob`: `Found 2 file(s) matching "…" within DIR, sorted …:` then absolute paths.
 * - Gemini `list_directory`: `Directory listing for DIR:` then one entry per line.
 */
import { posix } from 'node:path';
import { str, type Json } from './shape.js';

/** Output this long or longer is kept as printed, not read for its files. */
const PARSE_MAX = 256 * 1024;
/** Files named in a response, at most (the rules extractor keeps 20 of them). */
const MAX_FILES = 100;

const FOUND = /^Found (\d+) (?:match|file)/;

/** The output's lines, or none when it is too long to read. */
function linesOf(output: string): string[] {
  return output.length >= PARSE_MAX ? [] : output.split('\n');
}

/** The count a `Found N …` first line states, 0 for "no match", else the fallback. */
function foundCount(first: string | undefined, fallback: number): number {
  const m = FOUND.exec(first ?? '');
  if (m) return Number(m[1]);
  return /^No (?:files|matches) found/.test(first ?? '') ? 0 : fallback;
}

function grep(input: Json, content: string, matches: number, filenames: string[]): Json {
  return {
    tool_name: 'Grep',
    tool_input: input,
    tool_response: { mode: 'content', content, numLines: matches, numFiles: filenames.length, filenames },
  };
}

function glob(input: Json, content: string, filenames: string[], count: number): Json {
  return {
    tool_name: 'Glob',
    tool_input: input,
    tool_response: { content, filenames, numFiles: count, truncated: count > filenames.length },
  };
}

/** An input without the fields the agent left out. */
function inputOf(fields: Record<string, unknown>): Json {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** opencode's `grep` and `glob` in Claude Code's terms; null for another tool. */
export function opencodeSearchCall(tool: unknown, args: Json, output: string | undefined): Json | null {
  const text = output ?? '';
  const lines = linesOf(text);
  switch (tool) {
    case 'grep': {
      const input = inputOf({ pattern: str(args.pattern), path: str(args.path), glob: str(args.include) });
      if (output === undefined) return { tool_name: 'Grep', tool_input: input };
      // A file's line: its path and a colon, not indented (the matching lines under it are).
      const files = lines.slice(1).filter((l) => l.startsWith('/') && l.endsWith(':'));
      const names = files.slice(0, MAX_FILES).map((l) => l.slice(0, -1));
      return grep(input, text, foundCount(lines[0], files.length), names);
    }
    case 'glob': {
      const input = inputOf({ pattern: str(args.pattern), path: str(args.path) });
      if (output === undefined) return { tool_name: 'Glob', tool_input: input };
      const paths = lines.filter((l) => l.startsWith('/'));
      return glob(input, text, paths.slice(0, MAX_FILES), paths.length);
    }
    default:
      return null;
  }
}

/** `name` under `base` (a folder searched, absolute or relative to `cwd`), as a path. */
function under(base: string | undefined, name: string, cwd: string | undefined): string {
  if (posix.isAbsolute(name)) return name;
  const dir =
    base === undefined ? cwd : posix.isAbsolute(base) || cwd === undefined ? base : posix.join(cwd, base);
  return dir === undefined ? name : posix.join(dir, name);
}

/**
 * Gemini CLI's `grep_search`, `glob` and `list_directory` in Claude Code's terms, or null for
 * another tool. `content` is the text it returned (null before the call ran); `cwd`, the folder a
 * relative `dir_path` is in.
 */
export function geminiSearchCall(
  name: unknown,
  input: Json,
  content: string | null,
  cwd: string | undefined,
): Json | null {
  const dir = str(input.dir_path);
  const path = dir === undefined ? undefined : under(dir, '.', cwd);
  const lines = linesOf(content ?? '');
  switch (name) {
    case 'grep_search': {
      const call = inputOf({ pattern: str(input.pattern), path, glob: str(input.include_pattern) });
      if (content === null) return { tool_name: 'Grep', tool_input: call };
      const files = lines.filter((l) => l.startsWith('File: ')).map((l) => l.slice('File: '.length));
      const names = files.slice(0, MAX_FILES).map((f) => under(dir, f, cwd));
      return grep(call, content, foundCount(lines[0], files.length), names);
    }
    case 'glob': {
      const call = inputOf({ pattern: str(input.pattern), path });
      if (content === null) return { tool_name: 'Glob', tool_input: call };
      const paths = lines.slice(1).filter((l) => l.startsWith('/'));
      return glob(call, content, paths.slice(0, MAX_FILES), foundCount(lines[0], paths.length));
    }
    case 'list_directory': {
      const call = inputOf({ path });
      if (content === null) return { tool_name: 'LS', tool_input: call };
      // The entries, one per line, without the heading that names the folder again.
      const entries = /^Directory listing for /.test(lines[0] ?? '') ? lines.slice(1) : lines;
      return { tool_name: 'LS', tool_input: call, tool_response: entries.join('\n') };
    }
    default:
      return null;
  }
}
