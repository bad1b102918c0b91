import { z } from 'zod';

/** Claude Code hook events MemTray knows. Unknown future events are accepted and stored as-is. */
export const KNOWN_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'Notification',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'SessionEnd',
] as const;
export type KnownHookEvent = (typeof KNOWN_HOOK_EVENTS)[number];

export const EVENT_NAME_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const base = {
  session_id: z.string().min(1).max(200),
  cwd: z.string().max(4096).optional(),
  transcript_path: z.string().max(4096).optional(),
  hook_event_name: z.string().max(64).optional(),
};

/** Fields every hook payload may carry; everything else passes through untouched. */
export const hookBaseSchema = z.looseObject({ ...base, session_id: base.session_id.optional() });

const toolCall = {
  ...base,
  tool_name: z.string().min(1).max(200),
  tool_input: z.unknown().optional(),
  tool_use_id: z.string().max(200).optional(),
};

export const hookSchemas: Partial<Record<KnownHookEvent, z.ZodType<Record<string, unknown>>>> = {
  SessionStart: z.looseObject({ ...base, source: z.string().max(64).optional() }),
  UserPromptSubmit: z.looseObject({ ...base, prompt: z.string() }),
  PreToolUse: z.looseObject(toolCall),
  PostToolUse: z.looseObject({ ...toolCall, tool_response: z.unknown().optional() }),
  PostToolUseFailure: z.looseObject({
    ...toolCall,
    tool_response: z.unknown().optional(),
    error: z.unknown().optional(),
  }),
  PermissionRequest: z.looseObject(toolCall),
  Notification: z.looseObject({ ...base, message: z.string().max(100_000).optional() }),
  Stop: z.looseObject({ ...base, last_assistant_message: z.string().optional() }),
  SubagentStart: z.looseObject(base),
  SubagentStop: z.looseObject(base),
  PreCompact: z.looseObject(base),
  SessionEnd: z.looseObject({ ...base, reason: z.string().max(200).optional() }),
};

/** The schema a payload sent as `event` must pass: the event's own, or the base one for others. */
export function hookSchemaFor(event: string): z.ZodType<Record<string, unknown>> {
  return hookSchemas[event as KnownHookEvent] ?? hookBaseSchema;
}

/**
 * Why a hook payload does not belong to the event it was sent as (its own `hook_event_name` names
 * another), or null. The hook endpoint answers 400 with it; the spool import skips the line.
 */
export function misnamedEvent(event: string, payload: Record<string, unknown>): string | null {
  const named = payload.hook_event_name;
  return typeof named === 'string' && named !== event
    ? `hook_event_name '${named.slice(0, 64)}' does not match path event '${event}'`
    : null;
}

export type HookPayload = Record<string, unknown> & {
  session_id?: string;
  cwd?: string;
  transcript_path?: string;
};

const sessionRef = {
  claudeSessionId: z.string().min(1).max(200).optional(),
  session_id: z.string().min(1).max(200).optional(),
};

function requireSession<T extends { claudeSessionId?: string | undefined; session_id?: string | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
): void {
  if (!v.claudeSessionId && !v.session_id) {
    ctx.addIssue({
      code: 'custom',
      path: ['claudeSessionId'],
      message: 'claudeSessionId (or session_id) is required',
    });
  }
}

export const initSessionSchema = z
  .object({
    ...sessionRef,
    project: z.string().min(1).max(200).optional(),
    cwd: z.string().max(4096).optional(),
    prompt: z.string().optional(),
    userPrompt: z.string().optional(),
    promptNumber: z.number().int().optional(),
  })
  .superRefine(requireSession);

export const observationSchema = z
  .object({
    ...sessionRef,
    tool_name: z.string().min(1).max(200),
    tool_input: z.unknown().optional(),
    tool_response: z.unknown().optional(),
    cwd: z.string().max(4096).optional(),
    tool_use_id: z.string().max(200).optional(),
    project: z.string().min(1).max(200).optional(),
  })
  .superRefine(requireSession);

export const summarizeSchema = z
  .object({
    ...sessionRef,
    last_user_message: z.string().optional(),
    last_assistant_message: z.string().optional(),
  })
  .superRefine(requireSession);

export const completeSchema = z
  .object({ ...sessionRef, reason: z.string().max(200).optional() })
  .superRefine(requireSession);

export const processingSchema = z.object({ isProcessing: z.boolean() });

export function sessionIdOf(v: {
  claudeSessionId?: string | undefined;
  session_id?: string | undefined;
}): string {
  return (v.claudeSessionId ?? v.session_id)!;
}
