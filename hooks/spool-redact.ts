/**
 * What the hook writes to the spool is cleaned as the service would clean it: privacy tags stripped
 * and secrets redacted with the built-in rules, by the same modules as the service (redact-core.ts,
 * fields.ts), so no secret waits in clear in `spool.jsonl` while the service is down. The user's
 * custom patterns are not applied here (they run on the service's RE2 engine, kept out of this small
 * bundle); the service cleans every spooled event again at import, custom patterns included.
 */
import { cleanDeep } from '../electron/core/privacy/clean.js';
import { hintsByIncludes, redactWith } from '../electron/core/privacy/redact-core.js';

const BUILT_IN_ONLY = { redactSecrets: true, customRedactPatterns: [] as string[] };

export function cleanForSpool<T>(payload: T): T {
  // One event, then exit: hints found by `includes`, without compiling their alternation.
  return cleanDeep(payload, BUILT_IN_ONLY, (text) => redactWith(text, null, hintsByIncludes));
}
