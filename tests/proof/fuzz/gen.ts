/**
 * Generators of malformed input for the fuzz suites. Every case is one the service MUST refuse
 * (4xx): the generator never produces a valid request, so "2xx" is always a finding.
 */
import type { DiscoveredRoute } from '../../helpers/proof.js';
import { pick } from '../../helpers/proof.js';

export interface FuzzCase {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

type Rnd = () => number;

const JSON_CT = ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json'];
const BAD_CT = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'text/json',
  'application/jsonx',
  'application/xml',
  'text/html',
  'image/png',
  '',
  'json',
  'application/',
];

/** Values of the wrong type for a field that must be a string (or a boolean, or an object). */
function wrongValue(rnd: Rnd, depth = 0): unknown {
  const r = rnd();
  if (r < 0.15) return Math.floor(rnd() * 1e9) - 5e8;
  if (r < 0.25) return rnd() < 0.5;
  if (r < 0.35) return [];
  if (r < 0.45) return {};
  if (r < 0.5) return 1e308 * 10 === Infinity ? -0.5 : 0;
  if (r < 0.6 && depth < 3) return [wrongValue(rnd, depth + 1), 'x'];
  if (r < 0.7) return { $ne: null, toString: 'x' };
  if (r < 0.8) return ['__proto__', { __proto__: { polluted: true } }];
  return Number.MAX_SAFE_INTEGER + 2;
}

const nest = (depth: number, open: string, close: string, inner = '0'): string =>
  open.repeat(depth) + inner + close.repeat(depth);

/** Longer than any limit: zod counts code points, so the repeat count is in characters, not UTF-16 units. */
function huge(rnd: Rnd): string {
  const n = pick(rnd, [201, 4097, 65_537, 400_001]);
  return pick(rnd, ['x', 'é', '\u{1F600}', 'a\u0000']).repeat(n + 1);
}

/**
 * Routes whose body is optional (every field may be left out): a JSON `null` must still be refused
 * there, checked apart in http.test.ts (the main run sends `null` to every route too).
 */
export const OPTIONAL_BODY_ROUTES = [
  '/api/queue/retry',
  '/api/capture/hooks/install',
  '/api/capture/hooks/uninstall',
  '/api/capture/import',
];

/** An object that fails this route's body schema (a required/typed field of the wrong type). */
function invalidObject(rnd: Rnd, route: DiscoveredRoute): Record<string, unknown> {
  const bad = wrongValue(rnd);
  const p = route.path;
  const base = { cwd: '/tmp/fuzz', tool_name: 'Read', prompt: 'p' };
  if (p.includes('/hook')) {
    const r = rnd();
    if (r < 0.6) return { ...base, session_id: bad };
    if (r < 0.8)
      return { ...base, session_id: 's', cwd: bad === undefined ? 5 : typeof bad === 'string' ? 5 : bad };
    return { ...base, session_id: huge(rnd).padEnd(201, 'y') };
  }
  if (p === '/api/sessions/init' || p === '/sessions/:sessionDbId/init')
    return rnd() < 0.5 ? { claudeSessionId: bad, prompt: 'p' } : { claudeSessionId: 's', prompt: bad };
  if (p === '/api/sessions/observations') return { session_id: 's', tool_name: bad, tool_input: {} };
  if (p === '/api/sessions/summarize' || p === '/api/sessions/complete') return { claudeSessionId: bad };
  if (p === '/api/processing') return { isProcessing: pick(rnd, ['yes', 1, null, [], {}]) };
  if (p === '/api/settings')
    return pick(rnd, [
      { paused: 'yes' },
      { provider: { concurrency: 999 } },
      { provider: { baseUrl: 'not a url' } },
      { apiKey: '' },
      { retention: { rawDays: 0 } },
      { unknownSetting: true },
      { skipTools: 'Read' },
      { context: { tokenBudget: bad } },
    ]);
  if (p === '/api/projects/:name') return { capture: pick(rnd, ['on', 1, null, [], {}]) };
  if (p === '/api/capture/hooks/install')
    return pick(rnd, [{ mode: 'ftp' }, { scope: 'galaxy' }, { mode: 1 }, { extra: 1 }]);
  if (p === '/api/capture/hooks/uninstall')
    return pick(rnd, [{ scope: 'galaxy' }, { mode: 'http' }, { x: 1 }]);
  if (p === '/api/capture/import')
    return pick(rnd, [{ since: 'not a date' }, { paths: 'x' }, { paths: [''] }, { x: 1 }]);
  if (p === '/api/queue/retry') return pick(rnd, [{ ids: 'all' }, { ids: [1.5] }, { ids: [-1] }, { x: 1 }]);
  return { session_id: bad, __invalid__: bad };
}

function concretePath(rnd: Rnd, route: DiscoveredRoute, badParams: boolean): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_m, k: string) => {
    if (!badParams)
      return k === 'event'
        ? pick(rnd, ['PostToolUse', 'UserPromptSubmit', 'FutureEvent'])
        : k === 'name'
          ? 'fuzzproj'
          : '1';
    if (k === 'event')
      return pick(rnd, ['1abc', 'a%20b', '%ff', '_x', 'x'.repeat(65), '%E0%A4%A', 'Post-Tool']);
    if (k === 'name') return pick(rnd, ['%00', 'a%0Ab', 'x'.repeat(201), '%ff%fe', '%E0%A4%A', '%1F']);
    return pick(rnd, ['0', '-1', 'abc', '1.5', '1e99', '99999999999999999999', '%ff', '%E0%A4%A', '0x10']);
  });
}

/** Malformed query strings for GET routes that take parameters. */
const BAD_QUERIES: Record<string, string[]> = {
  '/api/sessions': ['limit=abc', 'limit=0', 'limit=201', 'limit=-5', 'cursor=-1', 'cursor=1.5', 'limit=1e3'],
  '/api/search': [
    'q=x&limit=abc',
    'q=x&limit=0',
    'q=x&limit=100000',
    'q=x&since=garbage',
    'q=x&until=not-a-date',
    'q=x&cursor=%%%',
  ],
  '/api/usage': ['days=abc', 'days=0', 'days=-1', 'days=100000', 'days=1.5'],
};

const INVALID_UTF8 = [
  Buffer.from([0xff]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
];

function withInvalidUtf8(rnd: Rnd, json: string): Buffer {
  const at = json.indexOf('"', 1) + 1 || 1;
  return Buffer.concat([
    Buffer.from(json.slice(0, at)),
    pick(rnd, INVALID_UTF8),
    Buffer.from(json.slice(at)),
  ]);
}

/** A malformed body: always invalid JSON, invalid UTF-8, the wrong shape, or a schema violation. */
export function malformedBody(rnd: Rnd, route: DiscoveredRoute): { kind: string; body: Buffer } {
  const valid = JSON.stringify({ ...invalidObject(rnd, route) });
  const r = rnd();
  if (r < 0.2) return { kind: 'wrong-type', body: Buffer.from(valid) };
  if (r < 0.3)
    return {
      kind: 'not-an-object',
      body: Buffer.from(JSON.stringify(pick(rnd, [[], [valid], 42, 'str', null, true, -1.5e300]))),
    };
  if (r < 0.42) {
    const depth = pick(rnd, [1_000, 10_000, 100_000]);
    const deep = rnd() < 0.5 ? nest(depth, '[', ']') : nest(depth, '{"a":', '}', '1');
    // Deep nesting as the whole body (not an object) or in a field that must be a string.
    return {
      kind: 'deep-nesting',
      body: Buffer.from(rnd() < 0.5 ? deep : `{"session_id":${deep},"prompt":${deep}}`),
    };
  }
  if (r < 0.5)
    return {
      kind: 'huge-string',
      body: Buffer.from(JSON.stringify({ ...invalidObject(rnd, route), huge: huge(rnd) })),
    };
  if (r < 0.65) return { kind: 'invalid-utf8', body: withInvalidUtf8(rnd, valid) };
  if (r < 0.8) {
    const full = JSON.stringify({
      session_id: 's',
      cwd: '/tmp/fuzz',
      prompt: 'p',
      tool_name: 'Read',
      tool_input: { file_path: '/a' },
    });
    return { kind: 'truncated', body: Buffer.from(full.slice(0, Math.floor(rnd() * (full.length - 1)))) };
  }
  if (r < 0.9)
    return {
      kind: 'garbage',
      body: Buffer.from(
        pick(rnd, [
          '{',
          '}',
          '{"a":}',
          "{'a':1}",
          '{"a":1,}',
          'NaN',
          '{"a":01}',
          '\u0000',
          '{"a":"\\x"}',
          '<xml/>',
          'null null',
        ]),
      ),
    };
  return { kind: 'json-with-trailing', body: Buffer.from(`${valid}${pick(rnd, ['x', '{}', ',', ']'])}`) };
}

/** One malformed request for `route` (authenticated: the guards are another suite's). */
export function fuzzCase(rnd: Rnd, route: DiscoveredRoute, token: string): FuzzCase {
  const auth = { authorization: `Bearer ${token}` };
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const hasParams = route.path.includes(':');
  const query = BAD_QUERIES[route.path];
  const r = rnd();
  if (hasParams && r < 0.2)
    return {
      kind: 'bad-path-param',
      method: route.method,
      path: concretePath(rnd, route, true),
      headers: { ...auth, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      ...(hasBody ? { body: Buffer.from('{}') } : {}),
    };
  if (!hasBody) {
    if (query && r < 0.7)
      return {
        kind: 'bad-query',
        method: 'GET',
        path: `${concretePath(rnd, route, false)}?${pick(rnd, query)}`,
        headers: auth,
      };
    // A write to a read route: wrong method, with a body.
    const method = pick(rnd, ['POST', 'PUT', 'PATCH']);
    return {
      kind: 'wrong-method',
      method,
      path: concretePath(rnd, route, false),
      headers: { ...auth, 'content-type': 'application/json' },
      body: malformedBody(rnd, route).body,
    };
  }
  const path = concretePath(rnd, route, false);
  if (r < 0.35) {
    const ct = pick(rnd, BAD_CT);
    return {
      kind: 'wrong-content-type',
      method: route.method,
      path,
      headers: { ...auth, ...(ct === '' ? {} : { 'content-type': ct }) },
      body: Buffer.from(JSON.stringify(invalidObject(rnd, route))),
    };
  }
  if (r < 0.38)
    return {
      kind: 'empty-body',
      method: route.method,
      path,
      headers: { ...auth, 'content-type': pick(rnd, JSON_CT) },
    };
  const b = malformedBody(rnd, route);
  return {
    kind: b.kind,
    method: route.method,
    path,
    headers: { ...auth, 'content-type': pick(rnd, JSON_CT) },
    body: b.body,
  };
}
