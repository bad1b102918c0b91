/**
 * How a project is set up, for the SessionStart digest: its manifests and build files
 * (`package.json`, `Cargo.toml`, `pyproject.toml`, `go.mod`, a `Makefile`, …) and what git ignores,
 * as the agent last saw them: the newest Write of each file or the newest Read of all of it (a file
 * a tool made, `cargo new`, is read before it is edited), with the Edits made to it since applied
 * in order. A Codex patch (`apply_patch`) counts the same way: a file it adds is written, its
 * hunks are edits, a file it deletes is gone. Each file becomes one line of its own non-empty lines,
 * cut at a whole word.
 * Name, version, module type, engines, dependencies, scripts, flags: a summary keeps none of them.
 *
 * Bounded: the newest CALLS changes and reads of the project's ten latest sessions (as the digest's
 * changed files), looked up by index alone before any row (and its stored tool input) is read; a
 * call whose input is larger than a setup file is not read. A file last written or read before them
 * is not shown. The text is the tool input as stored: redacted, private parts stripped.
 */
import type Database from 'better-sqlite3';
import { posix } from 'node:path';
import { cutAtWord } from '../util/clip.js';
import { addedText, hunkEdits, patchSections, type PatchSection } from '../util/codex-patch.js';
import { asRecord } from '../util/json-text.js';
import { relativeTo } from '../util/paths.js';
import { FILE_SESSIONS_SQL } from './digest.js';

/** File changes and reads (newest first) looked at. */
const CALLS = 200;
/** Files shown, and characters of each. */
const MAX_FILES = 6;
const MAX_CHARS = 600;

/** File names (the path's last part) that say how a project is built, what it needs and ignores. */
const SETUP_FILES = new Set([
  'package.json',
  'deno.json',
  'tsconfig.json',
  'Cargo.toml',
  'pyproject.toml',
  'setup.cfg',
  'requirements.txt',
  'go.mod',
  'Gemfile',
  'composer.json',
  'mix.exs',
  'build.gradle',
  'build.gradle.kts',
  'pom.xml',
  'CMakeLists.txt',
  'Makefile',
  'makefile',
  'GNUmakefile',
  '.gitignore',
]);

/**
 * A setup file is small: a call whose input is larger is not read at all (`octet_length` reads no
 * text, so a long Write costs nothing here).
 */
const MAX_INPUT_BYTES = 16_384;

/** The last part of a path (`a/b/Cargo.toml` → `Cargo.toml`), in SQL. */
const BASENAME = "replace(path, rtrim(path, replace(path, '/', '')), '')";

/** Only the setup files' calls leave SQLite: a project's other calls are never parsed here. */
const CALLS_SQL = `SELECT id, tool, input, cwd FROM (
    SELECT o.id, o.created_at AS at, o.tool_name AS tool, o.tool_input AS input, o.cwd,
      json_extract(o.tool_input, '$.file_path') AS path
    FROM observations o
    WHERE o.id IN (SELECT id FROM observations WHERE session_id IN (${FILE_SESSIONS_SQL})
        AND type IN ('change', 'discovery') ORDER BY created_at DESC LIMIT ${CALLS})
      AND o.tool_name IN ('Write', 'Edit', 'MultiEdit', 'Read', 'apply_patch')
      AND octet_length(o.tool_input) <= ${MAX_INPUT_BYTES} AND json_valid(o.tool_input))
  WHERE (typeof(path) = 'text' AND ${BASENAME} IN (${[...SETUP_FILES].map((f) => `'${f}'`).join(', ')}))
    OR tool = 'apply_patch'
  ORDER BY at DESC, id DESC`;

/** A Read's response, looked up only for a setup file's newest read. */
const RESPONSE_SQL = `SELECT CASE WHEN json_valid(tool_response) THEN tool_response END FROM observations
  WHERE id = ? AND octet_length(tool_response) <= ${MAX_INPUT_BYTES * 2}`;

interface Call {
  id: number;
  tool: string;
  input: string;
  cwd: string | null;
}
interface Edit {
  old: string;
  new: string;
  all: boolean;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A file's whole text from a Read's response (Claude Code's `file` object), else null (a part of it). */
export function readText(response: string | null): string | null {
  if (response === null) return null;
  const file = asRecord(asRecord(JSON.parse(response)).file);
  const content = str(file.content);
  const whole = file.startLine === 1 && file.numLines === file.totalLines;
  return content !== null && whole ? content : null;
}

function editsOf(input: Record<string, unknown>): Edit[] {
  const one = (e: Record<string, unknown>): Edit | null => {
    const old = str(e.old_string);
    const now = str(e.new_string);
    return old !== null && now !== null ? { old, new: now, all: e.replace_all === true } : null;
  };
  const list = Array.isArray(input.edits) ? input.edits.map(asRecord) : [input];
  return list.map(one).filter((e): e is Edit => e !== null);
}

/** `text` with `edits` applied in order; an edit whose old text is not there changes nothing. */
export function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of edits) {
    if (e.old === '' || !out.includes(e.old)) continue;
    out = e.all ? out.split(e.old).join(e.new) : out.replace(e.old, () => e.new);
  }
  return out;
}

/**
 * The sections of a Codex patch (`apply_patch`) for setup files, with their paths under `cwd` when
 * relative: an added file is a text, an update's hunks are edits, a deleted file is gone.
 */
function setupSections(patch: string, cwd: string | null): PatchSection[] {
  return patchSections(patch)
    .filter((s) => s.verb !== 'moved to' && SETUP_FILES.has(posix.basename(s.path)))
    .map((s) => ({ ...s, path: posix.isAbsolute(s.path) || !cwd ? s.path : posix.join(cwd, s.path) }));
}

/** A file's text as one line: its non-empty lines trimmed and joined, cut after a whole word. */
export function oneLineOf(text: string, max = MAX_CHARS): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join(' ');
  return line.length <= max ? line : `${cutAtWord(line, max)}…`;
}

/**
 * The project's setup files as last seen (newest Write or whole Read, later Edits applied), newest
 * first: `path: content` lines, the path relative to the call's working folder.
 */
export class SetupFiles {
  private readonly calls: Database.Statement;
  private readonly response: Database.Statement;

  constructor(sqlite: Database.Database) {
    this.calls = sqlite.prepare(CALLS_SQL);
    this.response = sqlite.prepare(RESPONSE_SQL).pluck();
  }

  of(project: string): string[] {
    const rows = this.calls.all({ project }) as Call[];
    // Newest first: a file's Edits come before the Write they apply to.
    const pending = new Map<string, Edit[]>();
    const done = new Map<string, string | null>();
    const edited = (path: string, edits: Edit[]): void => {
      pending.set(path, [...edits, ...(pending.get(path) ?? [])]);
    };
    const based = (path: string, base: string, cwd: string | null): void => {
      done.set(path, `${relativeTo(path, cwd)}: ${oneLineOf(applyEdits(base, pending.get(path) ?? []))}`);
    };
    for (const r of rows) {
      const input = asRecord(JSON.parse(r.input));
      if (r.tool === 'apply_patch') {
        for (const f of setupSections(str(input.command) ?? '', r.cwd).reverse()) {
          if (done.has(f.path)) continue;
          if (f.verb === 'updated')
            edited(
              f.path,
              hunkEdits(f.lines).map((e) => ({ ...e, all: false })),
            );
          else if (f.verb === 'added') based(f.path, addedText(f.lines), r.cwd);
          else done.set(f.path, null); // deleted: an older text is not the file's
        }
      } else {
        const path = str(input.file_path);
        if (path === null || done.has(path)) continue;
        if (r.tool === 'Edit' || r.tool === 'MultiEdit') {
          edited(path, editsOf(input));
          continue;
        }
        const base =
          r.tool === 'Write'
            ? str(input.content)
            : readText((this.response.get(r.id) as string | null | undefined) ?? null);
        if (base !== null) based(path, base, r.cwd);
      }
      if ([...done.values()].filter(Boolean).length >= MAX_FILES) break;
    }
    return [...done.values()].filter((v): v is string => v !== null);
  }
}
