/**
 * Command hooks as `hookCommand` (installer.ts) writes them: the files they run, the data dir they
 * name, and why they do not run this install's hook program (moved, removed, or another install's).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { resolveDataDir } from '../config/data-dir.js';

/** Splits a command as `hookCommand` writes it (words, POSIX single quotes) into words. */
function shellWords(cmd: string): string[] {
  const words: string[] = [];
  let cur = '';
  let started = false;
  for (let i = 0; i < cmd.length; i++) {
    const ch = cmd[i]!;
    if (ch === "'") {
      const end = cmd.indexOf("'", i + 1);
      cur += cmd.slice(i + 1, end === -1 ? cmd.length : end);
      started = true;
      i = end === -1 ? cmd.length : end;
    } else if (ch === '\\' && i + 1 < cmd.length) {
      cur += cmd[++i]!;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) words.push(cur);
      cur = '';
      started = false;
    } else {
      cur += ch;
      started = true;
    }
  }
  if (started) words.push(cur);
  return words;
}

/** The files a command hook runs (the binary, or Node and the bundle) and the data dir it names. */
export function commandParts(cmd: string, home: string): { files: string[]; dataDir: string } {
  const words = shellWords(cmd);
  const at = words.indexOf('--data-dir');
  const files = (at === -1 ? words : words.slice(0, at)).filter((w) => w.includes('/') || w.includes('\\'));
  const dir = at === -1 ? undefined : words[at + 1];
  return { files, dataDir: dir ? resolve(dir) : resolveDataDir({}, home) };
}

/** Why the command hooks in `commands` do not run `ours` (this install's hook command), with the fix. */
export function hookProgramProblems(
  e: { home: string; dataDir: string },
  ours: string,
  commands: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const c of commands) {
    if (c === ours) continue;
    const parts = commandParts(c, e.home);
    const missing = parts.files.find((f) => !existsSync(f));
    if (missing)
      problems.push(
        `hook program not found: ${missing} (MemTray moved or was removed): run \`memtray hooks install\` again to run ${ours}`,
      );
    else if (parts.dataDir === resolve(e.dataDir))
      problems.push(
        `the hooks run ${c}, not this install's hook program ${ours}: run \`memtray hooks install\` from the install you use`,
      );
  }
  return problems;
}
