import { describe, expect, it } from 'vitest';
import { unsafeRegexReason } from './safe-regex.js';

describe('unsafeRegexReason (patterns run on RE2)', () => {
  it.each([
    'sk-[A-Za-z0-9]{20,}',
    'ACME_[0-9a-f]{32}',
    '(?:token|key)=\\S+',
    'a(b|c)d',
    '[(+*)]+',
    '\\(a+\\)+',
    // nested quantifiers are linear on RE2: accepted
    '(a+)+$',
    '\\w*\\w*\\w*\\w*\\w*\\w*:',
    '.*password.*',
    // JavaScript syntax RE2 has too (translated)
    '(?<id>INT-\\d+)',
    'caf\\u00e9',
    'a\\/b',
  ])('accepts %s', (p) => {
    expect(unsafeRegexReason(p)).toBeNull();
  });
  it.each([
    ['(a)\\1', /backreference/],
    ['(?<n>a)\\k<n>', /backreference/],
    ['foo(?=bar)', /lookaround/],
    ['(?<!x)y', /lookaround/],
    ['(unclosed', /not a valid regular expression/],
    ['a{1001}', /not a valid regular expression/],
  ])('rejects %s', (p, why) => {
    expect(unsafeRegexReason(p)).toMatch(why);
  });
});
