/**
 * Redaction by field name, for structured data (hook payloads are JSON): the value of a field named
 * like a credential (`password`, `apiKey`, `client_secret`, `token`, `Authorization`, …, any case or
 * separator style, at any depth) is redacted whatever it looks like, since the regex rules see a
 * value without its key. Object keys themselves are cleaned too (a secret used as a key).
 */
import { PLACEHOLDER } from './redact-spans.js';

export const FIELD_MARKER = '[REDACTED:field]';

// Matched against the key lower-cased with separators removed (`client_secret` → `clientsecret`).
const SECRET_FIELD =
  /(?:password|passwd|passphrase|secret|token|apikey|accesskey|privatekey|secretkey|authkey|authorization|credentials?|dbpass|dbpwd|userpwd)$/;
// Fields whose number value is a credential too (`"password": 12345678`); `token` may be a count.
const NUMBER_FIELD = /(?:password|passwd|passphrase|secret|dbpass)$/;
// Ends in a credential word but names something else: counts, types, names, flags, paths, ids.
const NOT_SECRET = /(?:tokens|count|type|name|id|ids|file|path|url|uri|ttl|expiry|expires|kind|mode)$/;

function normalize(key: string): string | null {
  if (key.length < 3 || key.length > 100) return null;
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return NOT_SECRET.test(k) ? null : k;
}

export function isSecretField(key: string): boolean {
  const k = normalize(key);
  return k !== null && SECRET_FIELD.test(k);
}

/** The replacement for `value` under field `key`, or undefined when it stays as it is. */
function redactFieldValue(key: string, value: unknown): string | undefined {
  if (typeof value === 'string') {
    const v = value.trim();
    if (v === '' || v.startsWith('[REDACTED') || PLACEHOLDER.test(v) || !isSecretField(key)) return undefined;
    return FIELD_MARKER;
  }
  if (typeof value === 'number') {
    const k = normalize(key);
    return k !== null && NUMBER_FIELD.test(k) ? FIELD_MARKER : undefined;
  }
  return undefined;
}

/**
 * Cleans a parsed JSON value in place: each string through `cleanString`, each credential-named field
 * through redactFieldValue (when `byField`), each object key through `cleanKey`, in place. Iterative (deep nesting is fine); returns the root (a new one only for a string root). `onChange` is called when something changed.
 */
export function cleanTree<T>(
  value: T,
  cleanString: (s: string) => string,
  cleanKey: ((k: string) => string) | null,
  byField: boolean,
  onChange?: () => void,
): T {
  const root: Record<string, unknown> = { v: value };
  const stack: Array<[Record<string | number, unknown>, string | number]> = [[root, 'v']];
  while (stack.length > 0) {
    const [holder, key] = stack.pop()!;
    const v = holder[key];
    if (byField && typeof key === 'string' && holder !== root) {
      const r = redactFieldValue(key, v);
      if (r !== undefined) {
        holder[key] = r;
        onChange?.();
        continue;
      }
    }
    if (typeof v === 'string') {
      const mapped = cleanString(v);
      if (mapped !== v) {
        holder[key] = mapped;
        onChange?.();
      }
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v as unknown as Record<number, unknown>, i]);
    } else if (v !== null && typeof v === 'object') {
      if (cleanKey) renameKeys(v as Record<string, unknown>, cleanKey, onChange);
      for (const k of Object.keys(v as object)) stack.push([v as Record<string, unknown>, k]);
    }
  }
  return root.v as T;
}

/** Cleans the keys of `obj` in place (order kept: the keys are re-added in their order). */
function renameKeys(
  obj: Record<string, unknown>,
  cleanKey: (k: string) => string,
  onChange?: () => void,
): void {
  const keys = Object.keys(obj);
  let renamed: Map<string, string> | null = null;
  for (const k of keys) {
    const nk = cleanKey(k);
    if (nk !== k) (renamed ??= new Map()).set(k, nk);
  }
  if (!renamed) return;
  onChange?.();
  const entries = keys.map((k) => [k, obj[k]] as const);
  for (const k of keys) delete obj[k];
  for (const [k, value] of entries) {
    const base = renamed.get(k) ?? k;
    let nk = base;
    for (let i = 2; Object.prototype.hasOwnProperty.call(obj, nk); i++) nk = `${base}#${i}`;
    // defineProperty: a key named `__proto__` stays a plain property
    Object.defineProperty(obj, nk, { value, enumerable: true, writable: true, configurable: true });
  }
}
