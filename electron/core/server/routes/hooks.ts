/**
 * The one hook endpoint: Claude Code's HTTP hooks and the command hook (`memtray-hook`) post here.
 * The event is validated, stripped, redacted and journaled; its 2xx means it is durable, and the
 * projector derives its rows right after (ingest/projector.ts).
 */
import type { Core } from '../../core.js';
import { EVENT_NAME_RE } from '../../ingest/payloads.js';
import { prepareHook } from '../hook-prep.js';
import { HttpError, type Route } from '../http.js';

const EVENT_ID_RE = /^[A-Za-z0-9-]{8,100}$/;

export interface HookRouteOptions {
  /** Builds the SessionStart context (recall); returns markdown or null. */
  contextFor(project: string, claudeSessionId?: string): string | null;
}

export function hookRoutes(core: Core, opts: HookRouteOptions): Route[] {
  /** Writes from concurrent requests share one COMMIT; each answer waits for it. */
  const gc = <T>(fn: () => T): Promise<T> => core.groupCommit.submit(fn);
  const hook: Route['handler'] = async ({ params, body, req }) => {
    const event = params.event!;
    if (!EVENT_NAME_RE.test(event))
      throw new HttpError(400, 'invalid path: event must be a hook event name like PostToolUse');
    // The command hook names each event: a post that timed out after its commit and was then
    // spooled is stored once (the spool import uses the same uid).
    const idHeader = req.headers['x-memtray-event-id'];
    const id = typeof idHeader === 'string' && EVENT_ID_RE.test(idHeader) ? idHeader : undefined;
    core.projector.begin();
    try {
      // Parse, validate, strip and redact...
      const prepared = prepareHook(event, body as string, (v, changed) => core.ingest.clean(v, changed));
      // ...then journal the event: durable when this resolves; the projector derives its rows.
      const r = await gc(() =>
        core.ingest.journalHook(
          event,
          prepared,
          id ? { source: 'hook', eventUid: `spool:${id}` } : { source: 'http' },
        ),
      );
      if (event === 'SessionStart' && r.stored && prepared.sessionId) {
        await core.projector.settled();
        const s = core.read.sessionByClaudeId(prepared.sessionId);
        const context = s ? opts.contextFor(s.project, prepared.sessionId) : null;
        if (context)
          return {
            json: { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } },
          };
      }
    } finally {
      core.projector.end();
    }
    return { json: {} };
  };
  return [
    { method: 'POST', path: '/api/hooks/:event', settled: false, rawBody: true, handler: hook },
    // The path older `memtray-hook` builds posted to: the same journaled handler.
    { method: 'POST', path: '/api/capture/hook/:event', settled: false, rawBody: true, handler: hook },
  ];
}
