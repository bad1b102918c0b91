import { describe, expect, it } from 'vitest';
import { detailHash, parseHash } from './hash';

const parsed = (h: string) => {
  const r = parseHash(h);
  return { view: r.view, detail: r.detail, params: Object.fromEntries(r.params) };
};

describe('parseHash', () => {
  it('reads a view with or without the slash, and its parameters', () => {
    expect(parsed('#search')).toEqual({ view: 'search', detail: null, params: {} });
    expect(parsed('#/search?q=auth%20bug')).toEqual({
      view: 'search',
      detail: null,
      params: { q: 'auth bug' },
    });
    expect(parsed('#privacy')).toEqual({ view: 'privacy', detail: null, params: {} });
    expect(parsed('')).toEqual({ view: null, detail: null, params: {} });
  });

  it('reads a detail, and gives nothing for a malformed one', () => {
    expect(parsed('#/observation/12').detail).toEqual({ kind: 'observation', id: 12 });
    expect(parsed('#/session/3').detail).toEqual({ kind: 'session', id: 3 });
    expect(parsed('#/observation/x')).toEqual({ view: null, detail: null, params: {} });
    expect(parsed('#/project/3')).toEqual({ view: null, detail: null, params: {} });
  });

  it('writes what it reads', () => {
    expect(parseHash(detailHash({ kind: 'session', id: 7 })).detail).toEqual({ kind: 'session', id: 7 });
  });
});
