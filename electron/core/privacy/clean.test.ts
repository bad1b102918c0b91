/**
 * cleanDeep keeps short strings it left unchanged, per settings object and redactor, and skips
 * them next time. What it keeps must never change a result: the same output as a fresh clean, a
 * secret redacted every time, and a settings change (a new settings object) heard at once.
 */
import { describe, expect, it } from 'vitest';
import { loadHookTimeline } from '../../../tests/helpers/corpus.js';
import { cleanDeep, type CleanSettings } from './clean.js';
import { redactSecrets } from './redact.js';

const settings = (patterns: string[] = []): CleanSettings => ({
  redactSecrets: true,
  customRedactPatterns: patterns,
});

describe('cleanDeep and the short strings it knows are clean', () => {
  it('cleans every corpus payload exactly as a fresh clean does', () => {
    const shared = settings();
    for (const ev of loadHookTimeline()) {
      const warm = cleanDeep(structuredClone(ev.payload), shared, redactSecrets);
      const fresh = cleanDeep(structuredClone(ev.payload), settings(), redactSecrets);
      expect(warm).toEqual(fresh);
    }
  });

  it('redacts a short secret every time it is seen, as a value or as a key', () => {
    const s = settings();
    const key = 'ghp_' + 'a1B2c3D4e5'.repeat(4);
    for (let i = 0; i < 3; i++) {
      const out = cleanDeep({ token_hint: key, [key]: 1 }, s, redactSecrets);
      expect(JSON.stringify(out)).not.toContain(key);
    }
  });

  it('hears a settings change: a string clean before is redacted by a new custom pattern', () => {
    const before = settings();
    expect(cleanDeep({ note: 'project zebra-42' }, before, redactSecrets)).toEqual({
      note: 'project zebra-42',
    });
    const after = settings(['zebra-\\d+']);
    expect(cleanDeep({ note: 'project zebra-42' }, after, redactSecrets)).toEqual({
      note: 'project [REDACTED:custom]',
    });
  });

  it('hears a different redactor for the same settings', () => {
    const s = settings();
    expect(cleanDeep({ a: 'plain words here' }, s, (t) => t)).toEqual({ a: 'plain words here' });
    expect(cleanDeep({ a: 'plain words here' }, s, (t) => t.toUpperCase())).toEqual({
      A: 'PLAIN WORDS HERE',
    });
  });
});
