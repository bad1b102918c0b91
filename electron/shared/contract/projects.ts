/** Projects and their capture switch: `GET /api/projects`, `PUT|DELETE /api/projects/:name`. */
import { z } from 'zod';
import { epochMs } from './common';

const project = z.strictObject({
  name: z.string(),
  rootPath: z.string().nullable(),
  captureEnabled: z.boolean(),
  skippedEvents: z.number().int().nonnegative(),
  createdAt: epochMs,
  lastActivityAt: epochMs.nullable(),
  sessionCount: z.number().int().nonnegative(),
  observationCount: z.number().int().nonnegative(),
});
export type Project = z.infer<typeof project>;

export const projectList = z.strictObject({ items: z.array(project), paused: z.boolean() });
export type ProjectList = z.infer<typeof projectList>;

/** `PUT /api/projects/:name` body. */
export const projectCaptureRequest = z.strictObject({ capture: z.boolean() });

/** `PUT /api/projects/:name` answer (also the `project` live event): the switch as it now stands. */
export const projectCapture = z.strictObject({ name: z.string(), captureEnabled: z.boolean() });
export type ProjectCapture = z.infer<typeof projectCapture>;

/** `DELETE /api/projects/:name`: every memory of the project is gone. */
export const projectDeleted = z.strictObject({ deletedSessions: z.number().int().nonnegative() });
