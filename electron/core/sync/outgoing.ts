/**
 * Text as it leaves the machine (sync segments, exports): cleaned again with the rules in force when
 * it leaves, privacy tags stripped and secrets redacted (privacy/clean.ts), so text captured while
 * `redactSecrets` was off, or before a custom pattern existed, does not leave as it was captured.
 */
import type { CleanSettings } from '../privacy/clean.js';

/** Cleans a value (a string or a parsed JSON tree) with the settings in force; `onChange` when it did. */
export type Clean = <T>(value: T, onChange?: () => void) => T;

export class Outgoing {
  constructor(
    private readonly clean: Clean,
    private readonly settings: () => CleanSettings,
  ) {}

  text<T extends string | null>(s: T): T {
    return s === null ? s : this.clean(s);
  }

  /** A JSON column, cleaned as a tree (field names count: `password`…); the same text when unchanged. */
  json<T extends string | null>(s: T): T {
    if (s === null) return s;
    let tree: unknown;
    try {
      tree = JSON.parse(s);
    } catch {
      return this.clean(s);
    }
    let changed = false;
    const cleaned = this.clean(tree, () => (changed = true));
    return (changed ? JSON.stringify(cleaned) : s) as T;
  }

  /** What an archive says of its text. */
  note(): string {
    const s = this.settings();
    const custom = s.customRedactPatterns.length;
    const how = s.redactSecrets
      ? `Secrets were redacted as this archive was written, with the rules in force then (built-in rules${
          custom > 0 ? ` and ${custom} custom pattern${custom === 1 ? '' : 's'}` : ''
        }; [REDACTED:<kind>] markers).`
      : 'Secret redaction is off: text is as it was captured (redacted only where redaction was on then).';
    return `${how} <private> content, projects whose capture is off and excluded paths are not included.`;
  }
}
