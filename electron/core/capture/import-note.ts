/**
 * Why an import found nothing to import: the folders it looked at, and what their `.jsonl` files are
 * when they are not Claude Code transcripts (a transcript line has `type` user or assistant and a
 * `sessionId`; a hook log's lines carry `hook_event_name`). Reads at most the first 64 KiB of a few
 * files.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import type { TranscriptSet } from './transcript.js';

const SNIFF_BYTES = 64 * 1024;
const SNIFF_FILES = 5;

type Kind = 'transcript' | 'hook-log' | 'other';

function headLines(file: string): string[] {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(SNIFF_BYTES);
    const n = readSync(fd, buf, 0, SNIFF_BYTES, 0);
    return buf.toString('utf8', 0, n).split('\n').slice(0, 50);
  } catch {
    return [];
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function lineKind(line: string): Kind | null {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const r = v as Record<string, unknown>;
  if ((r.type === 'user' || r.type === 'assistant') && typeof r.sessionId === 'string') return 'transcript';
  if (typeof r.hook_event_name === 'string' || typeof r.eventName === 'string') return 'hook-log';
  return 'other';
}

/** What a file holds, from its first lines: a transcript as soon as one line is one. */
function fileKind(file: string): Kind {
  const kinds = headLines(file)
    .filter((l) => l.trim() !== '')
    .map(lineKind);
  if (kinds.includes('transcript')) return 'transcript';
  return kinds.includes('hook-log') ? 'hook-log' : 'other';
}

const where = (roots: string[]): string => roots.join(', ');

/**
 * The note for a finished import that stored nothing new (null when it stored something). It starts
 * with "Looked in" when no transcript was found, with "Read" when they were all stored already.
 */
export function emptyImportNote(roots: string[], sets: TranscriptSet[], stored: number): string | null {
  if (stored > 0) return null;
  const missing = roots.filter((r) => !existsSync(r));
  if (missing.length === roots.length) return `Looked in ${where(roots)}: no such folder.`;
  const files = sets.flatMap((s) => (s.main ? [s.main] : s.subagents.slice(0, 1)));
  if (files.length === 0)
    return `Looked in ${where(roots)}: no .jsonl files there (Claude Code keeps transcripts as <session id>.jsonl under ~/.claude/projects/<project>/).`;
  const kinds = files.slice(0, SNIFF_FILES).map(fileKind);
  if (kinds.includes('transcript'))
    return `Read ${files.length} transcript files in ${where(roots)}: everything in them was already stored.`;
  if (kinds.every((k) => k === 'hook-log'))
    return `Looked in ${where(roots)}: ${files.length} .jsonl files, but these are hook logs, not transcripts (their lines are hook events; transcripts have user and assistant messages with a sessionId).`;
  return `Looked in ${where(roots)}: ${files.length} .jsonl files, none of them a Claude Code transcript (no user or assistant messages with a sessionId).`;
}
