import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { HttpError } from './http.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

const UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * Serves the built renderer from `root`; unknown paths fall back to index.html (client routing). A
 * malformed percent-encoding (`/%`, `/%E0%A4%A`) is the client's error: 400, not a logged 500.
 */
export async function serveStatic(root: string, pathname: string, res: ServerResponse): Promise<boolean> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new HttpError(400, 'invalid path: malformed percent-encoding');
  }
  const rel = normalize(decoded).replace(/^([/\\])+/, '');
  let file = join(root, rel);
  if (!file.startsWith(root + sep) && file !== root) return false;
  try {
    if (rel === '' || (await stat(file)).isDirectory()) file = join(root, 'index.html');
  } catch {
    if (extname(rel) !== '') return false;
    file = join(root, 'index.html');
  }
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch {
    return false;
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': data.length,
    'cache-control': extname(file) === '.html' ? 'no-store' : 'public, max-age=3600',
    'x-content-type-options': 'nosniff',
    'content-security-policy': UI_CSP,
    'referrer-policy': 'no-referrer',
  });
  res.end(data);
  return true;
}
