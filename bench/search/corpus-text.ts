/**
 * Text templates from the recorded corpus (hook payloads and transcripts in ../shared/corpus):
 * sentences Claude and users wrote, file paths, shell commands and code identifiers. The
 * generator recombines them, so generated memories have the corpus's real vocabulary and its
 * skew (a few very common words, a long tail of rare identifiers), not a toy word list.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface CorpusText {
  sentences: string[];
  paths: string[];
  commands: string[];
  identifiers: string[];
  prompts: string[];
}

function walk(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (f.endsWith('.json') || f.endsWith('.jsonl')) out.push(p);
  }
  return out;
}

function strings(v: unknown, out: Array<[string, string]>, key = ''): void {
  if (typeof v === 'string') out.push([key, v]);
  else if (Array.isArray(v)) for (const x of v) strings(x, out, key);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) strings(x, out, k);
}

const IDENT_RE = /\b[A-Za-z][A-Za-z0-9_]{3,30}\b/g;
const PATH_RE = /(?:\/[\w.@-]+){2,}\.[A-Za-z]{1,5}\b/g;

/** `skip`: files (full paths) left out, e.g. the transcripts the recall bench asks about. */
export function loadCorpusText(corpusDir: string, skip: (file: string) => boolean = () => false): CorpusText {
  const sentences = new Set<string>();
  const paths = new Set<string>();
  const commands = new Set<string>();
  const identifiers = new Map<string, number>();
  const prompts = new Set<string>();
  for (const file of walk(corpusDir).filter((f) => !skip(f))) {
    const text = readFileSync(file, 'utf8');
    const docs: unknown[] = file.endsWith('.jsonl')
      ? text
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => {
            try {
              return JSON.parse(l) as unknown;
            } catch {
              return null;
            }
          })
      : [JSON.parse(text) as unknown];
    const all: Array<[string, string]> = [];
    for (const d of docs) strings(d, all);
    for (const [key, s] of all) {
      if (key === 'command' && s.length < 300) commands.add(s.split('\n')[0]!);
      if (key === 'prompt' && s.length > 10 && s.length < 600) prompts.add(s.replace(/\s+/g, ' ').trim());
      for (const m of s.matchAll(PATH_RE)) if (m[0].length < 160) paths.add(m[0]);
      for (const m of s.matchAll(IDENT_RE)) identifiers.set(m[0], (identifiers.get(m[0]) ?? 0) + 1);
      if (s.length < 20) continue;
      for (const part of s.split(/(?<=[.!?])\s+|\n+/)) {
        const t = part.replace(/^[\s#*>/-]+/, '').trim();
        if (t.length >= 25 && t.length <= 220 && /^[A-Z]/.test(t) && / \w+ /.test(t) && !/[{};=]{2}/.test(t))
          sentences.add(t);
      }
    }
  }
  return {
    sentences: [...sentences],
    paths: [...paths],
    commands: [...commands],
    // Most frequent first: the generator draws from this list with a Zipf-like skew.
    identifiers: [...identifiers.entries()].sort((a, b) => b[1] - a[1]).map(([k]) => k),
    prompts: [...prompts],
  };
}
