/**
 * Lines of an archive, read as a stream with the line length bounded while reading: a line longer
 * than the bound is never held whole (its bytes are dropped as they arrive) and comes out as
 * `null`, for the caller to count. Memory stays within one chunk and one bound, whatever the file.
 */
import { createReadStream } from 'node:fs';

const CHUNK = 1024 * 1024;

function text(parts: Buffer[]): string {
  const s = (parts.length === 1 ? parts[0]! : Buffer.concat(parts)).toString('utf8');
  return s.endsWith('\r') ? s.slice(0, -1) : s;
}

/** Each line of `chunks` (without its newline, a CR before it dropped); `null` for one over `maxLine` bytes. */
export async function* boundedLines(
  chunks: AsyncIterable<Buffer>,
  maxLine: number,
): AsyncGenerator<string | null> {
  let parts: Buffer[] = [];
  let held = 0;
  let over = false;
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      const long = over || held + piece.length > maxLine;
      const line = long ? null : text([...parts, piece]);
      parts = [];
      held = 0;
      over = false;
      yield line;
    }
    const rest = chunk.subarray(start);
    if (over || rest.length === 0) continue;
    if (held + rest.length > maxLine) {
      over = true;
      parts = [];
      held = 0;
    } else {
      parts.push(Buffer.from(rest));
      held += rest.length;
    }
  }
  if (over) yield null;
  else if (held > 0) yield text(parts);
}

/** The lines of a file (see boundedLines). */
export function fileLines(path: string, maxLine: number): AsyncIterable<string | null> {
  return boundedLines(createReadStream(path, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>, maxLine);
}
