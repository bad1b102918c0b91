/** Server-sent events as a test reads them off the service's live stream (`/api/stream`). */

/** One event: its name and its JSON data. */
export interface SseFrame {
  name: string;
  data: unknown;
}

/**
 * A reader for the stream's chunks: feed it each chunk as it arrives; it calls `onFrame` for every
 * whole `event:`/`data:` frame, keeping a frame cut across chunks until its end arrives.
 */
export function sseReader(onFrame: (frame: SseFrame) => void): (chunk: Buffer) => void {
  let buf = '';
  return (chunk) => {
    buf += chunk.toString('utf8');
    for (let i = buf.indexOf('\n\n'); i !== -1; i = buf.indexOf('\n\n')) {
      const frame = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const name = /^event: (.+)$/m.exec(frame)?.[1];
      const data = /^data: (.+)$/m.exec(frame)?.[1];
      if (name && data) onFrame({ name, data: JSON.parse(data) as unknown });
    }
  };
}
