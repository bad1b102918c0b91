/** `app://memtray/` (Electron): serves the built renderer with our CSP, nothing outside it. */
import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { APP_SCHEME, RENDERER_CSP, contentType, resolveAppUrl } from './app-protocol.js';

/** Must run before `app` is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function handleAppScheme(rendererRoot: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppUrl(request.url, rendererRoot);
    if (!file || request.method !== 'GET') return new Response('not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'content-type': contentType(file),
          'content-security-policy': RENDERER_CSP,
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-store',
        },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
}
