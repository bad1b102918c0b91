/**
 * MCP's stdio input with a bound on each message: a line longer than MAX_MESSAGE bytes is dropped
 * as it arrives (never held whole) and answered with a JSON-RPC error, so one oversized message
 * costs that request, not the server (the SDK's reader closes the whole transport past 10 MiB).
 */
import { Transform, type TransformCallback } from 'node:stream';

const MAX_MESSAGE = 8 * 1024 * 1024;
/** How much of a dropped message is kept to find its id. */
const HEAD = 4096;
const ID = /"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")/;

/** The id of a message from its first bytes, or null. */
function idOf(head: string): number | string | null {
  const m = ID.exec(head);
  if (!m) return null;
  return JSON.parse(m[1]!) as number | string;
}

export class BoundedLines extends Transform {
  private kept: Buffer[] = [];
  private keptLen = 0;
  private dropping = false;
  private head = '';

  constructor(
    /** Called with the id (when found) of each message dropped. */
    private readonly onOversize: (id: number | string | null) => void,
    private readonly max = MAX_MESSAGE,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let at = 0;
    while (at < chunk.length) {
      const nl = chunk.indexOf(10, at);
      const end = nl < 0 ? chunk.length : nl + 1;
      this.piece(chunk.subarray(at, end), nl >= 0);
      at = end;
    }
    done();
  }

  /** One piece of a line (`last`: it ends the line, newline included). */
  private piece(piece: Buffer, last: boolean): void {
    if (!this.dropping && this.keptLen + piece.length > this.max) {
      this.head = Buffer.concat(this.kept).subarray(0, HEAD).toString('utf8');
      if (this.head.length < HEAD) this.head += piece.subarray(0, HEAD).toString('utf8');
      this.kept = [];
      this.keptLen = 0;
      this.dropping = true;
    }
    if (this.dropping) {
      if (!last) return;
      this.dropping = false;
      this.onOversize(idOf(this.head));
      this.head = '';
      return;
    }
    this.kept.push(piece);
    this.keptLen += piece.length;
    if (!last) return;
    this.push(Buffer.concat(this.kept));
    this.kept = [];
    this.keptLen = 0;
  }
}

/** The JSON-RPC error line for a dropped message. */
export function oversizeError(id: number | string | null, max = MAX_MESSAGE): string {
  const message = `message larger than ${Math.round(max / 1024 / 1024)} MiB: not read`;
  return `${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32600, message } })}\n`;
}
