/** Text helpers for the remembered rows: one-line clips, gists, the meaningful line of an error. */
import { asRecord } from '../util/json-text.js';

/** One line, or keeping line breaks, at most `n` characters (ellipsis when cut). */
export { clip, clipBlock } from '../util/clip.js';

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

export function parseRecord(t: string | null): Record<string, unknown> {
  if (!t) return {};
  try {
    const v = JSON.parse(t) as unknown;
    return asRecord(v);
  } catch {
    return {};
  }
}
