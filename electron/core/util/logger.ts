import { appendFileSync, renameSync, statSync } from 'node:fs';

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const SECRETISH_KEY = /token|secret|password|authorization|api[-_]?key|cookie/i;

/** Drops values whose key looks secret, so a careless log call cannot leak the token or a key. */
function scrubFields(fields: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!fields) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (SECRETISH_KEY.test(k)) out[k] = '[hidden]';
    else if (v instanceof Error) out[k] = v.message;
    else out[k] = v;
  }
  return out;
}

function line(level: string, msg: string, fields?: Record<string, unknown>): string {
  const f = scrubFields(fields);
  return `${new Date().toISOString()} ${level} ${msg}${f && Object.keys(f).length > 0 ? ` ${JSON.stringify(f)}` : ''}\n`;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export function consoleLogger(stream: NodeJS.WritableStream = process.stderr): Logger {
  return {
    info: (m, f) => stream.write(line('INFO', m, f)),
    warn: (m, f) => stream.write(line('WARN', m, f)),
    error: (m, f) => stream.write(line('ERROR', m, f)),
  };
}

/** Appends to a file, rotating it to `<file>.1` once it passes `maxBytes`. */
export function fileLogger(file: string, maxBytes = 5 * 1024 * 1024, also?: Logger): Logger {
  let written = 0;
  try {
    written = statSync(file).size;
  } catch {
    written = 0;
  }
  const write = (text: string): void => {
    try {
      if (written + text.length > maxBytes) {
        renameSync(file, `${file}.1`);
        written = 0;
      }
      appendFileSync(file, text, { mode: 0o600 });
      written += text.length;
    } catch {
      // Logging must never take the service down.
    }
  };
  return {
    info: (m, f) => (write(line('INFO', m, f)), also?.info(m, f)),
    warn: (m, f) => (write(line('WARN', m, f)), also?.warn(m, f)),
    error: (m, f) => (write(line('ERROR', m, f)), also?.error(m, f)),
  };
}
