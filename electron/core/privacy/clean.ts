/** The one cleaning pass every stored string takes: privacy tags stripped, then secrets redacted. */
import type { Settings } from '../settings/schema.js';
import { mapStringsDeep, stripPrivacyTags } from './strip-tags.js';

export type CleanSettings = Pick<Settings, 'redactSecrets' | 'customRedactPatterns'>;

/**
 * Cleans every string inside a parsed JSON value, in place; returns the (possibly new) root.
 * `onChange` is called when some string was changed.
 */
export function cleanDeep<T, S extends CleanSettings>(
  value: T,
  settings: S,
  redact: (text: string, settings: S) => string,
  onChange?: () => void,
): T {
  return mapStringsDeep(value, (s) => {
    const stripped = stripPrivacyTags(s);
    const out = settings.redactSecrets ? redact(stripped, settings) : stripped;
    if (out !== s) onChange?.();
    return out;
  });
}
