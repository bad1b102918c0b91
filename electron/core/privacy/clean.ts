/**
 * The one cleaning pass every stored string takes: privacy tags stripped, then secrets redacted;
 * in structured data also by field name, and object keys too (fields.ts).
 */
import type { Settings } from '../../shared/contract/settings.js';
import { cleanTree } from './fields.js';
import { stripPrivacyTags } from './strip-tags.js';

export type CleanSettings = Pick<Settings, 'redactSecrets' | 'customRedactPatterns'>;

type Redact<S> = (text: string, settings: S) => string;

/**
 * Short strings that cleaning left unchanged, per settings object and redactor: object keys and
 * short values (`tool_name`, `cwd`, `permission_mode`…) repeat in nearly every event, and each
 * costs a full redaction pass. Only strings cleaning left as they were are kept (they are stored as
 * they are anyway); a new settings object (any settings change) starts afresh. Custom patterns only
 * ever get disabled (custom-patterns.ts), so a string clean once stays clean. Bounded: cleared when
 * full.
 */
const KNOWN_MAX_CHARS = 128;
const KNOWN_MAX = 4096;
const known = new WeakMap<object, { redact: unknown; strings: Set<string> }>();

function knownClean<S extends object>(settings: S, redact: Redact<S>): Set<string> {
  let k = known.get(settings);
  if (!k || k.redact !== redact) known.set(settings, (k = { redact, strings: new Set() }));
  return k.strings;
}

/**
 * Cleans every string inside a parsed JSON value, in place; returns the (possibly new) root.
 * `onChange` is called when some string or key was changed.
 */
export function cleanDeep<T, S extends CleanSettings>(
  value: T,
  settings: S,
  redact: Redact<S>,
  onChange?: () => void,
): T {
  const full = settings.redactSecrets
    ? (s: string): string => redact(stripPrivacyTags(s), settings)
    : stripPrivacyTags;
  const seen = knownClean(settings, redact);
  const clean = (s: string): string => {
    if (s.length > KNOWN_MAX_CHARS) return full(s);
    if (seen.has(s)) return s;
    const out = full(s);
    if (out === s) {
      if (seen.size >= KNOWN_MAX) seen.clear();
      seen.add(s);
    }
    return out;
  };
  return cleanTree(value, clean, clean, settings.redactSecrets, onChange);
}
