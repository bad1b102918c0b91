/**
 * An observation's text as a reader wants it: every line once. MemTray's episodes say the same thing
 * in their title, subtitle, narrative and facts (each is searched on its own); the view shows each
 * line once, labelled ("Result", "Asked", "Ended", …).
 */
import type { Observation } from '@shared/api';
import { shownFacts } from './facts';

export interface Readable {
  subtitle: string | null;
  lines: Array<{ label: string | null; text: string }>;
  facts: string[];
}

type Source = Pick<Observation, 'title' | 'subtitle' | 'narrative' | 'facts' | 'filesRead' | 'filesModified'>;

const stem = (t: string): string => t.replace(/…$/, '').trim();
const words = (t: string): string[] =>
  (t.toLowerCase().match(/[\p{L}\p{N}_./-]+/gu) ?? []).map((w) => w.replace(/[./-]+$/, ''));

/** True when (nearly) every word of `part` is already in `whole`. */
function covered(part: string, whole: string): boolean {
  const have = new Set(words(whole));
  const w = words(part);
  return w.length > 0 && w.filter((x) => have.has(x)).length >= Math.ceil(w.length * 0.9);
}

const LABELLED = /^([A-Z][a-z]+(?: [a-z]+)?): ([\s\S]+)$/;

export function readable(o: Source): Readable {
  const title = o.title ? stem(o.title) : '';
  const lines = (o.narrative ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !(title !== '' && l.startsWith(title)))
    .map((l) => {
      const m = LABELLED.exec(l);
      return m ? { label: m[1]!, text: m[2]! } : { label: null, text: l };
    });
  const said = [o.title ?? '', o.narrative ?? ''].join('\n');
  const subtitle = o.subtitle && !covered(stem(o.subtitle), said) ? o.subtitle : null;
  const files = [...o.filesRead, ...o.filesModified];
  const facts = shownFacts(o.facts).filter((f) => {
    const value = stem(f.replace(/^[\w ]+: /, ''));
    if (files.some((p) => p === value || p.endsWith(`/${value}`))) return false;
    return !said.includes(value);
  });
  return { subtitle, lines, facts };
}
