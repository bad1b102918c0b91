// The one-pass scanners in redact.ts must find exactly what the plain forms they replace find.
import { describe, expect, it } from 'vitest';
import { SECRET_RULES } from './redact-rules.js';
import { hintsByIncludes } from './redact-core.js';
import { hintsIn, isHighEntropyToken, redactHighEntropy, redactionMarker, redactWith } from './redact.js';

const HINTS = [...new Set(SECRET_RULES.flatMap((r) => r.hints ?? []))];

/** Deterministic pseudo-random texts made of hint pieces, token runs and separators. */
function* texts(count: number): Generator<string> {
  let seed = 42;
  const rnd = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-';
  for (let t = 0; t < count; t++) {
    let s = '';
    const parts = 1 + rnd(12);
    for (let p = 0; p < parts; p++) {
      const k = rnd(5);
      if (k === 0) s += HINTS[rnd(HINTS.length)]!;
      else if (k === 1)
        s += HINTS[rnd(HINTS.length)]!.slice(0, 1 + rnd(3)); // partial hints, overlaps
      else if (k === 2) for (let i = 0, n = 20 + rnd(40); i < n; i++) s += alnum[rnd(alnum.length)];
      else if (k === 3) s += ' .:/\n"'[rnd(6)]!;
      else s += 'sk-ant-api03-' + 'x'.repeat(rnd(3));
    }
    yield s;
  }
}

describe('redaction scanners', () => {
  it('no hint holds `[` or `]`, so no hint can span the edge of a `[REDACTED:…]` marker', () => {
    expect(HINTS.filter((h) => /[[\]]/.test(h))).toEqual([]);
  });

  it("hintsIn and the hook's hintsByIncludes find exactly the hints that String#includes finds", () => {
    for (const s of texts(3000)) {
      const expected = HINTS.filter((h) => s.includes(h)).sort();
      expect([...hintsIn(s)].sort(), s).toEqual(expected);
      expect([...hintsByIncludes(s)].sort(), s).toEqual(expected);
    }
  });

  it("env-secret's hints cover every name ending its lookbehind takes (the hints gate the scan)", () => {
    const rule = SECRET_RULES.find((r) => r.id === 'env-secret')!;
    const endings = /\(\?<=([^)]+)\)/.exec(rule.re.source)![1]!.split('|');
    expect(endings.length).toBeGreaterThan(10);
    for (const ending of endings.flatMap((e) =>
      e.endsWith('S?') ? [e.slice(0, -2), e.slice(0, -1)] : [e],
    )) {
      const name = `APP${ending}`;
      expect(
        rule.hints!.some((h) => name.includes(h)),
        name,
      ).toBe(true);
      expect(redactWith(`export ${name}=q7Rz9LmP2vXk`), name).toBe(
        `export ${name}=${redactionMarker('env-secret')}`,
      );
    }
  });

  it('redactHighEntropy matches the regex form on token runs', () => {
    const reference = (s: string): string =>
      s.replace(/[A-Za-z0-9+/=_-]{32,}/g, (tok) =>
        isHighEntropyToken(tok) ? redactionMarker('high-entropy') : tok,
      );
    let redacted = 0;
    for (const s of texts(3000)) {
      const out = redactHighEntropy(s);
      expect(out, s).toBe(reference(s));
      if (out !== s) redacted++;
    }
    expect(redacted).toBeGreaterThan(100); // the generator does produce secrets-shaped runs
  });
});
