/**
 * The renderer is served to the popup from `app://memtray/` (a privileged custom scheme), so every
 * response carries our Content-Security-Policy and only files under the built renderer are
 * reachable. Also: which URLs count as our own renderer (sender checks, navigation). Electron-free.
 */
import { extname, relative, resolve, sep, isAbsolute } from 'node:path';

export const APP_SCHEME = 'app';
const APP_HOST = 'memtray';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** The strict policy for the packaged renderer: nothing but our own files; no network at all
 * (the renderer talks to main over IPC only). */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The dev-server policy (electron-vite): Vite needs its websocket and an inline refresh preamble. */
export function devCsp(devUrl: string): string {
  const u = new URL(devUrl);
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${u.origin}`,
    `style-src 'self' 'unsafe-inline' ${u.origin}`,
    "img-src 'self' data:",
    `connect-src 'self' ${u.origin} ws://${u.host}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Maps an `app://memtray/...` URL to a file under `root`, or null (other host, escapes root). */
export function resolveAppUrl(url: string, root: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  if (path === '/' || path === '') path = '/index.html';
  const base = resolve(root);
  const file = resolve(base, `.${path}`);
  const rel = relative(base, file);
  if (rel === '' || rel.startsWith('..') || rel.split(sep).includes('..') || isAbsolute(rel)) return null;
  return file;
}

/** True for our own renderer: `app://memtray/…`, or the electron-vite dev server in development. */
export function isTrustedRendererUrl(url: string, devUrl: string | null): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST) return true;
  if (devUrl) {
    try {
      return u.origin === new URL(devUrl).origin;
    } catch {
      return false;
    }
  }
  return false;
}
