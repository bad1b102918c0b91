/**
 * The hook endpoints: Claude Code's HTTP hooks and the command hook (`memtray-hook`) post to
 * `/api/hooks/:event`; every agent's hooks (the command hook with `--agent`, opencode's plugin
 * through it) post to `/api/hooks/:agent/:event` with the agent's own event name and payload,
 * which its adapter (core/agents/) maps onto MemTray's event first. The event is validated,
 * stripped, redacted and journaled; its 2xx means it is durable, and the projector derives its
 * rows right after (ingest/projector.ts).
 */
import type { IncomingMessage } from 'node:http';
import { isAgentId } from '../../../shared/contract/agents.js';
import { toMemTrayEvent, type Json } from '../../agents/index.js';
import type { Core } from '../../core.js';
import { EVENT_NAME_RE } from '../../ingest/payloads.js';
import { prepareHook } from '../hook-prep.js';
import { HttpError, parseJsonText, type Route } from '../http.js';

const EVENT_ID_RE = /^[A-Za-z0-9-]{8,100}$/;
/** An agent's own event name: opencode's have dots (`tool.execute.after`). */
const AGENT_EVENT_RE = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;

interface HookRouteOptions {
  /** Builds the SessionStart context (recall); returns markdown or null. */
  contextFor(project: string, claudeSessionId?: string): string | null;
}

type Answer = Awaited<ReturnType<Route['handler']>>;

export function hookRoutes(core: Core, opts: HookRouteOptions): Route[] {
  /** Writes from concurrent requests share one COMMIT; each answer waits for it. */
  const gc = <T>(fn: () => T): Promise<T> => core.groupCommit.submit(fn);
  /** Journals one MemTray event (its body text); SessionStart answers with the memory context. */
  const accept = async (event: string, text: string, req: IncomingMessage): Promise<Answer> => {
    // The command hook names each event: a post that timed out after its commit and was then
    // spooled is stored once (the spool import uses the same uid).
    const idHeader = req.headers['x-memtray-event-id'];
    const id = typeof idHeader === 'string' && EVENT_ID_RE.test(idHeader) ? idHeader : undefined;
    core.projector.begin();
    try {
      // Parse, validate, strip and redact...
      const prepared = prepareHook(event, text, (v, changed) => core.ingest.clean(v, changed));
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
  const hook: Route['handler'] = ({ params, body, req }) => {
    const event = params.event!;
    if (!EVENT_NAME_RE.test(event))
      throw new HttpError(400, 'invalid path: event must be a hook event name like PostToolUse');
    return accept(event, body as string, req);
  };
  const agentHook: Route['handler'] = ({ params, body, req }) => {
    const agent = params.agent!;
    if (!isAgentId(agent)) throw new HttpError(404, `unknown agent '${agent.slice(0, 40)}'`);
    const native = params.event!;
    if (!AGENT_EVENT_RE.test(native))
      throw new HttpError(400, 'invalid path: event must be the agent hook event name');
    const parsed = parseJsonText(body as string);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new HttpError(400, 'invalid hook payload: expected a JSON object');
    const mapped = toMemTrayEvent(agent, native, parsed as Json);
    return accept(mapped.event, JSON.stringify(mapped.payload), req);
  };
  return [
    { method: 'POST', path: '/api/hooks/:event', settled: false, rawBody: true, handler: hook },
    { method: 'POST', path: '/api/hooks/:agent/:event', settled: false, rawBody: true, handler: agentHook },
  ];
}
