/** Text helpers for the remembered rows: one-line clips, gists, the meaningful line of an error. */

/** One line, at most `n` characters (ellipsis when cut). */
export { clip } from '../util/clip.js';

/** Keeps line breaks (collapsed runs of blank lines), at most `n` characters. */
export function clipBlock(s: string, n: number): string {
  const t = s
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
  return t.length <= n ? t : `${t.slice(0, n - 1)}…`;
}

export { errorGist, errorLines, firstErrorLine } from './error-lines.js';

/** A tool response's text (string, {stdout, stderr}, {error}, content blocks), bounded. */
export function responseTextOf(raw: string | null, max = 20_000): string {
  if (raw === null || raw === '') return '';
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return raw.slice(0, max).replace(/\\n/g, '\n');
  }
  const walk = (x: unknown): string => {
    if (typeof x === 'string') return x;
    if (Array.isArray(x)) return x.map(walk).join('\n');
    if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      for (const k of ['stderr', 'error', 'stdout', 'content', 'text', 'message', 'output', 'result']) {
        const s = o[k];
        if (typeof s === 'string' && s.trim() !== '') return s;
        if (Array.isArray(s)) return walk(s);
      }
    }
    return '';
  };
  return walk(v).slice(0, max);
}

/** A path relative to `cwd` when inside it. */
export function rel(path: string, cwd: string | null): string {
  const c = cwd?.replace(/\/+$/, '');
  return c && path.startsWith(`${c}/`) ? path.slice(c.length + 1) : path;
}

export function parseList(t: string | null): string[] {
  if (!t) return [];
  try {
    const v = JSON.parse(t) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function parseRecord(t: string | null): Record<string, unknown> {
  if (!t) return {};
  try {
    const v = JSON.parse(t) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** "<choice> because <reason>": the reason clause of an answer or a prompt, split off (bounded). */
const REASON =
  /(?:^|[\s,;:—–-]+)(because|since|as (?:it|they|we|that)|so that|given that|'cause|cause)\s+(\S.*)$/i;

export function splitReason(text: string): { choice: string; reason: string | null } {
  const t = text.slice(0, 2_000).replace(/\s+/g, ' ').trim();
  const m = REASON.exec(t);
  if (!m || m.index === 0) return { choice: t, reason: null };
  // The choice is the last sentence before the reason ("Should we …? Go with X, because …" → "Go with X").
  const before = t.slice(0, m.index).replace(/[\s,;:—–-]+$/, '');
  const choice = before.split(/(?<=[.?!])\s+/).pop() ?? before;
  return choice === '' ? { choice: t, reason: null } : { choice, reason: `${m[1]!.toLowerCase()} ${m[2]!}` };
}
