// clip reads a bounded prefix; it must give exactly what collapsing the whole text gives.
import { describe, expect, it } from 'vitest';
import { clip } from './clip.js';

const whole = (s: string, n: number): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length <= n ? one : `${one.slice(0, n - 1)}…`;
};

function* texts(count: number): Generator<string> {
  let seed = 7;
  const rnd = (k: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % k;
  };
  const pieces = ['a', 'word', 'é', '😀', ' ', '  ', '\n', '\t\t', '\u00a0', '\u2028', 'x'.repeat(50)];
  for (let t = 0; t < count; t++) {
    let s = '';
    const parts = rnd(120);
    for (let p = 0; p < parts; p++) {
      const k = rnd(14);
      // Long whitespace runs, so the prefix must grow past them.
      if (k === 12) s += ' '.repeat(rnd(2000));
      else if (k === 13) s += '\n'.repeat(rnd(700));
      else s += pieces[k % pieces.length]!;
    }
    yield s;
  }
}

describe('clip', () => {
  it('gives what collapsing the whole text gives, for any length', () => {
    for (const s of texts(3000))
      for (const n of [1, 2, 5, 40, 120, 240, 1000])
        expect(clip(s, n), JSON.stringify([s, n])).toBe(whole(s, n));
  });

  it('clips a long text with a long leading whitespace run', () => {
    const s = `${' '.repeat(100_000)}${'word '.repeat(10_000)}`;
    expect(clip(s, 12)).toBe(whole(s, 12));
    expect(clip(s, 12)).toBe('word word w…');
  });

  it('does not cut a text whose content fits, however much whitespace follows it', () => {
    expect(clip(`${'a'.repeat(5)}${' '.repeat(1000)}`, 5)).toBe('aaaaa');
    expect(clip(`  ${'b'.repeat(120)}\n${'\t'.repeat(5000)}`, 120)).toBe('b'.repeat(120));
  });
});
