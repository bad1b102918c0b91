import { describe, expect, it } from 'vitest';
import { stripPrivacyTags, stripPrivacyTagsDeep } from './strip-tags.js';

describe('stripPrivacyTags', () => {
  it.each([
    ['plain text', 'plain text'],
    ['a <private>secret</private> b', 'a  b'],
    ['<PRIVATE>x</Private>y', 'y'],
    ['a <private>1<private>2</private>3</private> b', 'a  b'],
    ['a <private>never closed', 'a '],
    ['a </private> b', 'a  b'],
    ['x<memtray-context>old context</memtray-context>y', 'xy'],
    ['<private>a<memtray-context>b</memtray-context>c</private>d', 'd'],
    ['<private >spaced</private >ok', 'ok'],
    ['<privateer>not a tag</privateer>', '<privateer>not a tag</privateer>'],
    ['emoji 🎉<private>🔑</private>✓', 'emoji 🎉✓'],
    ['a <private reason="demo">secret</private> b', 'a  b'],
    ["<Private Reason='x y' data-k=1>s</PRIVATE >ok", 'ok'],
    ['<private\n  reason="multi line">s</private>ok', 'ok'],
    ['<memtray-context source="memtray">old</memtray-context>new', 'new'],
    ['a <private reason="never closed">rest', 'a '],
    ['<private-notes>kept</private-notes>', '<private-notes>kept</private-notes>'],
  ])('%j → %j', (input, output) => {
    expect(stripPrivacyTags(input)).toBe(output);
  });

  it('strips every string inside nested JSON, keys kept', () => {
    const v = { a: ['x<private>1</private>', { b: '<private>2</private>y' }], c: 3, d: null };
    expect(stripPrivacyTagsDeep(v)).toEqual({ a: ['x', { b: 'y' }], c: 3, d: null });
  });

  it('walks very deep nesting without recursion', () => {
    let v: unknown = '<private>deep</private>leaf';
    for (let i = 0; i < 50_000; i++) v = [v];
    let out = stripPrivacyTagsDeep(v);
    for (let i = 0; i < 50_000; i++) out = (out as unknown[])[0];
    expect(out).toBe('leaf');
  });

  it('handles 15 MB of adversarial tags in linear time (< 1 s)', () => {
    const unclosed = '<private>'.repeat(600_000) + 'tail'; // ~5.4 MB of unclosed opens
    const nested = '<private><memtray-context>x</private>'.repeat(130_000); // ~4.8 MB mixed
    const attrs = '<private a="'.repeat(400_000); // ~5 MB of tags with attributes, never ended
    const t0 = performance.now();
    expect(stripPrivacyTags(unclosed)).toBe('');
    const r = stripPrivacyTags(nested + 'end');
    expect(stripPrivacyTags(attrs)).toBe(attrs);
    const ms = performance.now() - t0;
    expect(r).toBe('');
    expect(ms).toBeLessThan(1500);
  });
});
