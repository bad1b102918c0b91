/**
 * Tray icons drawn in code (no image files to locate at runtime): a rounded "memory chip" with a
 * status dot — green capturing, grey paused, red error, amber busy. Encoded as PNG with node:zlib;
 * the Electron side turns the bytes into a `nativeImage`. Electron-free.
 */
import { deflateSync } from 'node:zlib';
import type { TrayState } from './tray-state.js';

type Rgba = [number, number, number, number];

const STATE_COLOR: Record<TrayState, Rgba> = {
  capturing: [46, 160, 67, 255],
  paused: [140, 140, 140, 255],
  error: [218, 54, 51, 255],
  busy: [227, 160, 8, 255],
  warning: [232, 106, 16, 255],
};

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** Encodes straight RGBA pixels (row-major, 4 bytes each) as a PNG. */
function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new Error('encodePng: pixel buffer has the wrong size');
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Coverage of pixel (x, y) by a rounded rectangle, 4x4 supersampled (soft edges). */
function roundRectCoverage(x: number, y: number, r0: number, r1: number, radius: number): number {
  let hits = 0;
  for (let sy = 0; sy < 4; sy++)
    for (let sx = 0; sx < 4; sx++) {
      const px = x + (sx + 0.5) / 4;
      const py = y + (sy + 0.5) / 4;
      if (px < r0 || px > r1 || py < r0 || py > r1) continue;
      const dx = Math.max(r0 + radius - px, 0, px - (r1 - radius));
      const dy = Math.max(r0 + radius - py, 0, py - (r1 - radius));
      if (dx * dx + dy * dy <= radius * radius) hits++;
    }
  return hits / 16;
}

function circleCoverage(x: number, y: number, cx: number, cy: number, r: number): number {
  let hits = 0;
  for (let sy = 0; sy < 4; sy++)
    for (let sx = 0; sx < 4; sx++) {
      const dx = x + (sx + 0.5) / 4 - cx;
      const dy = y + (sy + 0.5) / 4 - cy;
      if (dx * dx + dy * dy <= r * r) hits++;
    }
  return hits / 16;
}

/** RGBA pixels of the icon for `state` at `size`×`size` (16, 32, … ; 1024 for the app icon). */
export function iconPixels(state: TrayState, size: number): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  const s = size / 32;
  const body: Rgba = [52, 58, 70, 255];
  const dot = STATE_COLOR[state];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const outer = roundRectCoverage(x, y, 2 * s, 30 * s, 7 * s);
      const inner = roundRectCoverage(x, y, 5 * s, 27 * s, 4.5 * s);
      const d = circleCoverage(x, y, 23 * s, 23 * s, 7 * s);
      // Chip body with a lighter inner face, then the status dot on top.
      let c: Rgba = [0, 0, 0, 0];
      const a = outer;
      if (a > 0) c = [body[0], body[1], body[2], Math.round(255 * a)];
      if (inner > 0) {
        const f: Rgba = [232, 236, 242, 255];
        c = mix(c, f, inner);
      }
      if (d > 0) c = mix(c, dot, d);
      px.set(c, (y * size + x) * 4);
    }
  return px;
}

function mix(under: Rgba, over: Rgba, t: number): Rgba {
  const a = t + (under[3] / 255) * (1 - t);
  if (a === 0) return [0, 0, 0, 0];
  const ch = (i: 0 | 1 | 2): number => Math.round((over[i] * t + under[i] * (under[3] / 255) * (1 - t)) / a);
  return [ch(0), ch(1), ch(2), Math.round(a * 255)];
}

export function trayIconPng(state: TrayState, size = 32): Buffer {
  return encodePng(size, size, iconPixels(state, size));
}

/**
 * The macOS menu-bar variant (a template image: black with alpha; the OS tints it for light and
 * dark bars). No colour, so the state is a shape: a filled dot capturing or busy, a ring paused.
 */
export function templateIconPixels(state: TrayState, size: number): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  const s = size / 32;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const outline =
        roundRectCoverage(x, y, 2 * s, 30 * s, 7 * s) - roundRectCoverage(x, y, 4.5 * s, 27.5 * s, 4.5 * s);
      const dot = circleCoverage(x, y, 22 * s, 22 * s, 6.5 * s);
      const hole = state === 'paused' ? circleCoverage(x, y, 22 * s, 22 * s, 4 * s) : 0;
      const a = Math.max(0, Math.min(1, Math.max(outline, dot - hole)));
      px.set([0, 0, 0, Math.round(255 * a)], (y * size + x) * 4);
    }
  return px;
}

export function templateIconPng(state: TrayState, size = 32): Buffer {
  return encodePng(size, size, templateIconPixels(state, size));
}
