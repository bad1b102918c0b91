/**
 * Where the popup goes: next to the tray icon, on the side facing the screen's interior (below a
 * top menu bar, above a bottom taskbar, beside a vertical one), kept inside the work area. Linux
 * trays often report empty bounds: then the popup goes near the cursor, else the top-right corner.
 * Electron-free.
 */
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Size {
  width: number;
  height: number;
}

const GAP = 6;

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(v, Math.max(lo, hi)));
}

export function popupPosition(
  tray: Rect | null,
  win: Size,
  workArea: Rect,
  cursor: { x: number; y: number } | null = null,
): { x: number; y: number } {
  const maxX = workArea.x + workArea.width - win.width;
  const maxY = workArea.y + workArea.height - win.height;
  const anchor: Rect | null =
    tray && tray.width > 0 && tray.height > 0
      ? tray
      : cursor
        ? { x: cursor.x, y: cursor.y, width: 1, height: 1 }
        : null;
  if (!anchor) return { x: maxX - GAP, y: workArea.y + GAP };
  const cx = anchor.x + anchor.width / 2;
  const cy = anchor.y + anchor.height / 2;
  const left = cx - workArea.x;
  const right = workArea.x + workArea.width - cx;
  const top = cy - workArea.y;
  const bottom = workArea.y + workArea.height - cy;
  const nearest = Math.min(left, right, top, bottom);
  let x: number;
  let y: number;
  if (nearest === top || nearest === bottom) {
    x = cx - win.width / 2;
    y = nearest === top ? anchor.y + anchor.height + GAP : anchor.y - win.height - GAP;
  } else {
    y = cy - win.height / 2;
    x = nearest === left ? anchor.x + anchor.width + GAP : anchor.x - win.width - GAP;
  }
  return { x: Math.round(clamp(x, workArea.x, maxX)), y: Math.round(clamp(y, workArea.y, maxY)) };
}
