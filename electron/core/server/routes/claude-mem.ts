/**
 * The claude-mem-compatible session API (`/api/sessions/init`, `/observations`, `/summarize`,
 * `/complete`, `/api/processing`): the same rows a hook would leave, written through ingest's
 * `claudeMem` (ingest/claude-mem-api.ts), each answer after its shared COMMIT.
 */
import type { Core } from '../../core.js';
import {
  completeSchema,
  initSessionSchema,
  observationSchema,
  processingSchema,
  sessionIdOf,
  summarizeSchema,
} from '../../ingest/payloads.js';
import { HttpError, idParam, validate, type Route } from '../http.js';

export function claudeMemRoutes(core: Core): Route[] {
  /** Writes from concurrent requests share one COMMIT; each answer waits for it. */
  const gc = <T>(fn: () => T): Promise<T> => core.groupCommit.submit(fn);
  let processing = false;
  return [
    ...initRoutes(core, gc),
    {
      method: 'POST',
      path: '/api/sessions/observations',
      handler: async ({ body }) => {
        const b = validate(observationSchema, body);
        const r = await gc(() =>
          core.ingest.claudeMem.recordObservation({
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
        const r = core.ingest.claudeMem.requestSummary({
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
            ...core.ingest.claudeMem.complete({
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

type SharedCommit = <T>(fn: () => T) => Promise<T>;

/** A session started by its Claude Code id, or (claude-mem's other form) by its database id. */
function initRoutes(core: Core, gc: SharedCommit): Route[] {
  return [
    {
      method: 'POST',
      path: '/api/sessions/init',
      handler: async ({ body }) => {
        const b = validate(initSessionSchema, body);
        const input = initInput(b);
        return { json: await gc(() => core.ingest.claudeMem.initSession(input)) };
      },
    },
    {
      // claude-mem's form: POST /sessions/:sessionDbId/init. The id must name an existing session.
      method: 'POST',
      path: '/sessions/:sessionDbId/init',
      handler: async ({ params, body }) => {
        const id = idParam(params, 'sessionDbId');
        const s = core.read.session(id);
        if (!s) throw new HttpError(404, `session ${id} not found`);
        const b = validate(initSessionSchema, { claudeSessionId: s.claudeSessionId, ...(body as object) });
        const input = { ...initInput(b), claudeSessionId: s.claudeSessionId };
        return { json: await gc(() => core.ingest.claudeMem.initSession(input)) };
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
