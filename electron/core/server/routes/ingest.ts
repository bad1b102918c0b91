import type { Core } from '../../core.js';
import {
  EVENT_NAME_RE,
  completeSchema,
  initSessionSchema,
  observationSchema,
  processingSchema,
  sessionIdOf,
  summarizeSchema,
} from '../../ingest/payloads.js';
import { prepareHook } from '../hook-prep.js';
import { HttpError, idParam, validate, type Route } from '../http.js';

const EVENT_ID_RE = /^[A-Za-z0-9-]{8,100}$/;

export interface IngestRouteOptions {
  /** Builds the SessionStart context (recall); returns markdown or null. */
  contextFor(project: string, claudeSessionId?: string): string | null;
}

/** Write routes: the seed's session API and the raw hook endpoint. */
export function ingestRoutes(core: Core, opts: IngestRouteOptions): Route[] {
  let processing = false;
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
    // The one hook endpoint: Claude Code's HTTP hooks and the command hook (`memtray-hook`) post here.
    { method: 'POST', path: '/api/hooks/:event', settled: false, rawBody: true, handler: hook },
    // The path older `memtray-hook` builds posted to: the same journaled handler.
    { method: 'POST', path: '/api/capture/hook/:event', settled: false, rawBody: true, handler: hook },
    {
      method: 'POST',
      path: '/api/sessions/init',
      handler: async ({ body }) => {
        const b = validate(initSessionSchema, body);
        const input = initInput(b);
        return { json: await gc(() => core.ingest.seed.initSession(input)) };
      },
    },
    {
      // The seed's form: POST /sessions/:sessionDbId/init. The id must name an existing session.
      method: 'POST',
      path: '/sessions/:sessionDbId/init',
      handler: async ({ params, body }) => {
        const id = idParam(params, 'sessionDbId');
        const s = core.read.session(id);
        if (!s) throw new HttpError(404, `session ${id} not found`);
        const b = validate(initSessionSchema, { claudeSessionId: s.claudeSessionId, ...(body as object) });
        const input = { ...initInput(b), claudeSessionId: s.claudeSessionId };
        return { json: await gc(() => core.ingest.seed.initSession(input)) };
      },
    },
    {
      method: 'POST',
      path: '/api/sessions/observations',
      handler: async ({ body }) => {
        const b = validate(observationSchema, body);
        const r = await gc(() =>
          core.ingest.seed.recordObservation({
            claudeSessionId: sessionIdOf(b),
            ...(b.project ? { project: b.project } : {}),
            ...(b.cwd ? { cwd: b.cwd } : {}),
            toolName: b.tool_name,
            toolInput: b.tool_input,
            toolResponse: b.tool_response,
            ...(b.tool_use_id ? { toolUseId: b.tool_use_id } : {}),
          }),
        );
        return {
          json: {
            stored: r.stored,
            skipped: r.skipped ?? null,
            observationId: r.observationId ?? null,
            sessionDbId: r.sessionDbId ?? null,
          },
        };
      },
    },
    {
      method: 'POST',
      path: '/api/sessions/summarize',
      handler: ({ body }) => {
        const b = validate(summarizeSchema, body);
        const r = core.ingest.seed.requestSummary({
          claudeSessionId: sessionIdOf(b),
          ...(b.last_user_message !== undefined ? { last_user_message: b.last_user_message } : {}),
          ...(b.last_assistant_message !== undefined
            ? { last_assistant_message: b.last_assistant_message }
            : {}),
        });
        return { status: 202, json: { queued: true, ...r } };
      },
    },
    {
      method: 'POST',
      path: '/api/sessions/complete',
      handler: ({ body }) => {
        const b = validate(completeSchema, body);
        return {
          json: {
            completed: true,
            ...core.ingest.seed.complete({
              claudeSessionId: sessionIdOf(b),
              ...(b.reason ? { reason: b.reason } : {}),
            }),
          },
        };
      },
    },
    {
      method: 'POST',
      path: '/api/processing',
      handler: ({ body }) => {
        processing = validate(processingSchema, body).isProcessing;
        return { json: { isProcessing: processing } };
      },
    },
  ];
}

function initInput(b: {
  claudeSessionId?: string | undefined;
  session_id?: string | undefined;
  project?: string | undefined;
  cwd?: string | undefined;
  prompt?: string | undefined;
  userPrompt?: string | undefined;
}) {
  const prompt = b.prompt ?? b.userPrompt;
  if (prompt === undefined) throw new HttpError(400, 'invalid body: prompt (or userPrompt) is required');
  return {
    claudeSessionId: sessionIdOf(b),
    ...(b.project ? { project: b.project } : {}),
    ...(b.cwd ? { cwd: b.cwd } : {}),
    prompt,
  };
}
