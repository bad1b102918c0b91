/**
 * Live events: what the core's bus announces and the service streams (SSE `event: <name>` with a
 * JSON `data:` line; the Electron shell forwards them over IPC).
 */
import { z } from 'zod';
import { epochMs, id } from './common';
import { observationStatus } from './observations';
import { projectCapture } from './projects';
import { sessionStatus } from './sessions';

const count = z.number().int().nonnegative();

export const liveEventSchemas = {
  event: z.strictObject({
    id,
    eventName: z.string(),
    claudeSessionId: z.string().nullable(),
    receivedAt: epochMs,
  }),
  observation: z.strictObject({
    id,
    sessionId: id,
    toolName: z.string(),
    title: z.string().nullable(),
    status: observationStatus,
  }),
  summary: z.strictObject({ sessionId: id, id }),
  /** `deleted` when a session was deleted (with the claudeSessionId and project it had). */
  session: z.strictObject({
    id,
    claudeSessionId: z.string(),
    status: z.union([sessionStatus, z.literal('deleted')]),
    project: z.string(),
  }),
  project: projectCapture,
  queue: z.strictObject({ pending: count, leased: count, failed: count, done: count }),
  settings: z.strictObject({ changed: z.array(z.string()) }),
  import: z.strictObject({
    runId: id,
    status: z.enum(['running', 'done', 'failed']),
    filesDone: count,
    filesTotal: count,
  }),
};

export type LiveEventName = keyof typeof liveEventSchemas;
export type LiveEventMap = { [K in LiveEventName]: z.infer<(typeof liveEventSchemas)[K]> };
export const LIVE_EVENT_NAMES = Object.keys(liveEventSchemas) as readonly LiveEventName[];

export type LiveEvent = { [K in LiveEventName]: { name: K; data: LiveEventMap[K] } }[LiveEventName];

/** `connecting` until the stream is open; `down` while it reconnects; `unauthorised` when the service refuses the token. */
export type LiveStatus = 'connecting' | 'live' | 'down' | 'unauthorised';

/** Parses one SSE frame's data as the named event; `null` when it does not match the contract. */
export function parseLiveEvent(name: string, data: unknown): LiveEvent | null {
  if (!(name in liveEventSchemas)) return null;
  const r = liveEventSchemas[name as LiveEventName].safeParse(data);
  return r.success ? ({ name, data: r.data } as LiveEvent) : null;
}
