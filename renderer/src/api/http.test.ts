import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorText } from './errors';
import { httpApi } from './http';

afterEach(() => vi.unstubAllGlobals());

describe('httpApi', () => {
  it('sends the bearer token, encodes paths and query, and maps {error,status} to ApiError', async () => {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      if (url.startsWith('/api/queue'))
        return new Response(JSON.stringify({ error: 'no route for GET /api/queue', status: 404 }), {
          status: 404,
        });
      return new Response(JSON.stringify({ items: [], nextCursor: null }), { status: 200 });
    });
    const api = httpApi('tok');
    await api.search({ q: 'a b', project: 'x/y', type: '' });
    expect(seen[0]!.url).toBe('/api/search?q=a+b&project=x%2Fy');
    expect((seen[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    await api.setProjectCapture('my proj/1', false);
    expect(seen[1]!.url).toBe('/api/projects/my%20proj%2F1');
    expect(seen[1]!.init.body).toBe('{"capture":false}');
    const err = await api.getQueue().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).missingRoute).toBe(true);
    expect(errorText(err)).toContain('does not offer this yet');
  });

  it('turns a network failure into a readable error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await httpApi('t')
      .status()
      .catch((e: unknown) => e);
    expect(errorText(err)).toBe('Cannot reach the MemTray service: Failed to fetch');
  });
});
