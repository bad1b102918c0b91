import { describe, expect, it } from 'vitest';
import { unsafeRegexReason } from './safe-regex.js';

describe('unsafeRegexReason', () => {
  it.each([
    'sk-[A-Za-z0-9]{20,}',
    'ACME_[0-9a-f]{32}',
    '(?:token|key)=\\S+',
    'a(b|c)d',
    '[(+*)]+',
    '\\(a+\\)+',
  ])('accepts %s', (p) => {
    expect(unsafeRegexReason(p)).toBeNull();
  });
  it.each([
    ['(a+)+', /nests/],
    ['(\\w*x?)*', /nests/],
    ['(a|aa){2,}', /nests/],
    ['((ab)*c)+', /nests/],
    ['(a)\\1', /backreference/],
    ['(unclosed', /not a valid/],
  ])('rejects %s', (p, why) => {
    expect(unsafeRegexReason(p)).toMatch(why);
  });
});
