/**
 * The check for user-supplied regular expressions (custom redaction patterns), which run on every
 * string MemTray stores. They run on RE2 (linear time, see privacy/custom-patterns.ts), so nested
 * quantifiers are harmless; what RE2 cannot run (backreferences, lookaround, invalid syntax) is
 * refused. Returns a reason, or null when the pattern is fine.
 */
import { re2Problem } from '../privacy/custom-patterns.js';

export function unsafeRegexReason(source: string): string | null {
  return re2Problem(source);
}
