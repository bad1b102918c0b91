/**
 * The one cleaning pass every stored string takes: privacy tags stripped, then secrets redacted;
 * in structured data also by field name, and object keys too (fields.ts).
 */
import type { Settings } from '../settings/schema.js';
import { cleanTree } from './fields.js';
import { stripPrivacyTags } from './strip-tags.js';

export type CleanSettings = Pick<Settings, 'redactSecrets' | 'customRedactPatterns'>;

/**
 * Cleans every string inside a parsed JSON value, in place; returns the (possibly new) root.
 * `onChange` is called when some string or key was changed.
 */
export function cleanDeep<T, S extends CleanSettings>(
  value: T,
  settings: S,
  redact: (text: string, settings: S) => string,
  onChange?: () => void,
): T {
  const clean = settings.redactSecrets
    ? (s: string): string => redact(stripPrivacyTags(s), settings)
    : stripPrivacyTags;
  return cleanTree(value, clean, clean, settings.redactSecrets, onChange);
}
