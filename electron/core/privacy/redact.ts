/**
 * `redactSecrets`: the built-in rules (redact-core.ts) plus the user's `customRedactPatterns`, which
 * run on RE2 and are metered (custom-patterns.ts).
 */
import type { Settings } from '../../shared/contract/settings.js';
import { applyCustomPattern } from './custom-patterns.js';
import { redactionMarker, redactWith } from './redact-core.js';

export {
  hintsIn,
  isHighEntropyToken,
  redactHighEntropy,
  redactionMarker,
  redactWith,
} from './redact-core.js';

/** Redacts secrets in `text`; returns the same string when nothing matched. */
export function redactSecrets(
  text: string,
  settings?: Pick<Settings, 'customRedactPatterns'> | null,
): string {
  const patterns = settings?.customRedactPatterns ?? [];
  if (patterns.length === 0) return redactWith(text);
  const marker = redactionMarker('custom');
  return redactWith(text, (t) => {
    let out = t;
    for (const src of patterns) out = applyCustomPattern(out, src, marker);
    return out;
  });
}

/** Counts the markers in a redacted text (for tests and stats). */
export function countRedactions(text: string): number {
  return text.split('[REDACTED:').length - 1;
}
