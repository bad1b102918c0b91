import { describe, expect, it } from 'vitest';
import { cleanDeep } from './clean.js';
import { FIELD_MARKER, isSecretField } from './fields.js';
import { redactSecrets } from './redact.js';

const on = { redactSecrets: true, customRedactPatterns: [] as string[] };
const clean = <T>(v: T, s = on): T => cleanDeep(structuredClone(v), s, redactSecrets);

describe('redaction by field name', () => {
  it.each([
    'password',
    'Password',
    'PASSWD',
    'apiKey',
    'api-key',
    'X-API-KEY',
    'client_secret',
    'token',
    'accessToken',
    'refresh-token',
    'private_key',
    'Authorization',
    'DB_PASSWORD',
    'passphrase',
    'credentials',
  ])('%s is a credential field', (k) => expect(isSecretField(k)).toBe(true));
  it.each([
    'max_tokens',
    'input_tokens',
    'token_type',
    'secretName',
    'passwordFile',
    'token_count',
    'pwd',
    'tokenizer',
    'description',
  ])('%s is not', (k) => expect(isSecretField(k)).toBe(false));

  it('redacts values under credential names at any depth, keeps the rest', () => {
    const v = {
      a: [{ b: { password: 'hunter2', apiKey: 'k', n: 'plain', max_tokens: 5, token: '' } }],
      pin: 12,
    };
    expect(clean(v)).toEqual({
      a: [{ b: { password: FIELD_MARKER, apiKey: FIELD_MARKER, n: 'plain', max_tokens: 5, token: '' } }],
      pin: 12,
    });
    expect(clean({ password: 12345678, token: 3 })).toEqual({ password: FIELD_MARKER, token: 3 });
    expect(clean({ password: '${DB_PASSWORD}', token: '<token>' })).toEqual({
      password: '${DB_PASSWORD}',
      token: '<token>',
    });
  });

  it('cleans secret object keys in place, order kept; a `__proto__` key stays a key', () => {
    const key = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const v = JSON.parse(
      `{"first": 1, "${key}": {"scopes": []}, "__proto__": {"x": 1}, "last": 2}`,
    ) as object;
    const out = cleanDeep(v, on, redactSecrets);
    expect(out).toBe(v); // in place
    expect(Object.keys(out)).toEqual(['first', '[REDACTED:github-token]', '__proto__', 'last']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('does nothing by field name when redaction is off', () => {
    expect(clean({ password: 'hunter2' }, { ...on, redactSecrets: false })).toEqual({ password: 'hunter2' });
  });
});
