import { describe, expect, it } from 'vitest';
import { find, markStems, shapeSnippet } from '../../electron/core/recall/shape.js';

/** What marking and finding meant when each was one regular expression (the behaviour kept). */
const markRef = (s: string, stems: string[]): string => {
  const ns = stems.filter((n) => n.length > 0).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (ns.length === 0) return s;
  return s.replace(new RegExp(`((?:${ns.join('|')})[\\p{L}\\p{N}]*)`, 'giu'), '<mark>$1</mark>');
};
const findRef = (lower: string, stem: string): number => {
  const re = new RegExp(`(?:^|[^\\p{L}\\p{N}])${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u');
  const m = re.exec(lower);
  return m ? m.index + (m[0].length - stem.length) : lower.indexOf(stem);
};

const TEXTS = [
  'Edit src/auth/refresh.ts — replaced the token refresh loop … because the server rejects refreshes',
  'RefreshToken and REFRESH_TOKEN and refreshtoken: all of them',
  'prerefresh refresh-cli re-refresh',
  'Überprüfung der Größe — größer als 3 GiB · caché café CAFÉ',
  'emoji 😀refresh then 𝒳refresh and 日本refresh語',
  'İstanbul refresh (length changes when lower-cased)',
  'nothing to see here',
  '',
];
const STEMS = [
  ['refresh'],
  ['token', 'refresh'],
  ['refresh', 'refreshtok'],
  ['caf', 'grö'],
  ['resh-cli'],
  ['xyz'],
  ['', 'see'],
];

describe('snippet marking without per-search regular expressions', () => {
  it('marks exactly what the one-expression version marked', () => {
    for (const t of TEXTS)
      for (const st of STEMS) expect(markStems(t, st), `${t} / ${st.join(',')}`).toBe(markRef(t, st));
  });

  it('finds a stem at a word start before one inside a word, and inside a word when that is all', () => {
    const cases: Array<[string, string]> = [
      ['prerefresh then refresh', 'refresh'],
      ['prerefresh only', 'refresh'],
      ['😀refresh after an emoji', 'refresh'],
      ['𝒳refresh after a letter outside the BMP', 'refresh'],
      ['日本refresh語 refresh', 'refresh'],
      ['x.refresh', 'refresh'],
      ['absent', 'refresh'],
    ];
    for (const [s, stem] of cases)
      expect(find(s.toLowerCase(), stem), s).toBe(findRef(s.toLowerCase(), stem));
    expect(find('prerefresh then refresh', 'refresh')).toBe(16);
    expect(find('𝒳refresh', 'refresh')).toBe(2);
  });

  it('shapes a snippet around the rarest word, marked', () => {
    const text = `${'setup '.repeat(40)}the cache key now includes the lockfile hash ${'tail '.repeat(40)}`;
    const s = shapeSnippet(
      null,
      { text, facts: [], subtitle: null, narrative: text, paths: [], command: null },
      ['lockfile'],
    );
    expect(s).toContain('<mark>lockfile</mark>');
    // Text without sentence ends is shown as one passage of at most 240 characters (passages.ts).
    expect(s.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(245);
  });
});
