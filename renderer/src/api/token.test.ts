import { describe, expect, it } from 'vitest';
import { takeToken } from './token';

describe('takeToken', () => {
  it('keeps the token from the URL in sessionStorage and strips it from the address bar', () => {
    sessionStorage.clear();
    history.replaceState(null, '', '/?token=abc123&x=1#sessions');
    expect(takeToken()).toBe('abc123');
    expect(location.search).toBe('?x=1');
    expect(location.hash).toBe('#sessions');
    expect(sessionStorage.getItem('memtray.token')).toBe('abc123');
    history.replaceState(null, '', '/');
    expect(takeToken()).toBe('abc123');
  });

  it('returns null when there is no token anywhere', () => {
    sessionStorage.clear();
    history.replaceState(null, '', '/');
    expect(takeToken()).toBeNull();
  });
});
