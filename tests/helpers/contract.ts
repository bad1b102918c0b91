/**
 * The API contract in the tests: every JSON answer of the service is parsed with its route's
 * `response` schema (electron/shared/contract/), and every error with the error body's, so a
 * response that drifts from the contract fails the test that received it.
 */
import { apiErrorBody } from '../../electron/shared/contract/common.js';
import type { Verb } from '../../electron/shared/contract/verb.js';
import { VERBS } from '../../electron/shared/contract/verbs.js';
import { compileRoutes, matchRoute, type Route } from '../../electron/core/server/http.js';

/** Routes whose answers the contract does not cover yet, and why (checked by tests/core/contract.test.ts). */
export const UNCHECKED_ROUTES: Record<string, string> = {
  'GET /api/stream': 'Server-Sent Events: each frame is parsed with parseLiveEvent instead',
  'GET /api/context/inject': 'Markdown text, not JSON',
  'GET /api/ping': 'the listener proof, read by server/ping.ts alone',
  'POST /api/hooks/:event': "Claude Code's hook API: its answer is what Claude Code reads (ingest/)",
  'POST /api/hooks/:agent/:event': 'same, for the other agents (their hooks read it)',
  'POST /api/sessions/init': 'the claude-mem-compatible ingest API (ingest/)',
  'POST /sessions/:sessionDbId/init': 'same',
  'POST /api/sessions/observations': 'same',
  'POST /api/sessions/summarize': 'same',
  'POST /api/sessions/complete': 'same',
  'POST /api/processing': 'same',
};

export class ContractDrift extends Error {}

export type ContractCheck = (method: string, path: string, status: number, json: unknown) => void;

/** A checker over the service's route table: throws `ContractDrift` when an answer breaks its schema. */
export function contractChecker(routes: readonly Route[]): ContractCheck {
  const compiled = compileRoutes([...routes]);
  return (method, path, status, json) => {
    if (json === undefined) return; // not JSON (SSE, text, an empty answer)
    const pathname = new URL(path, 'http://127.0.0.1').pathname;
    let m: ReturnType<typeof matchRoute>;
    try {
      m = matchRoute(compiled, method, pathname);
    } catch {
      m = null; // a malformed path: answered with an error body, checked below
    }
    const isError = status >= 400 && typeof json === 'object' && json !== null && 'error' in json;
    const schema = isError ? apiErrorBody : m && 'route' in m ? m.route.response : undefined;
    if (!schema) return;
    const r = schema.safeParse(json);
    if (r.success) return;
    const issues = r.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new ContractDrift(`${method} ${pathname} (${status}) does not match the contract: ${issues}`);
  };
}

/**
 * What keeps a verb from being whole in a route table: a declared verb no route serves, a route
 * serving a declaration that is not in `VERBS`, or a route at a verb's method and path that was not
 * registered from the declaration (`verbRoute`). Empty when every verb is served as declared.
 */
export function verbProblems(routes: readonly Route[]): string[] {
  const problems: string[] = [];
  const declared = new Map<Verb, string>(Object.entries(VERBS).map(([name, v]) => [v as Verb, name]));
  for (const [v, name] of declared.entries()) {
    const at = routes.filter((r) => r.method === v.method && r.path === v.path);
    if (at.length === 0) problems.push(`${name}: no route serves ${v.method} ${v.path}`);
    else if (!at.some((r) => r.verb === v))
      problems.push(`${name}: ${v.method} ${v.path} is not registered from its declaration`);
  }
  for (const r of routes)
    if (r.verb && !declared.has(r.verb)) problems.push(`${r.method} ${r.path}: serves an undeclared verb`);
  return problems;
}
