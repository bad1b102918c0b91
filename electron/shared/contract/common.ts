/**
 * Building blocks of the API contract (electron/shared/contract/): ids, project names, times,
 * pages and the error body. zod only (the renderer bundles these files): no Node, no app imports.
 *
 * Responses are strict objects: a field the service sends that the contract does not name, or a
 * named field it leaves out, fails the tests' API helper (tests/helpers/service.ts).
 */
import { z } from 'zod';

/** A row id: a positive safe integer. */
export const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Milliseconds since the epoch. */
export const epochMs = z.number().int().nonnegative();

/** Project names: 1-200 characters, no control characters (a path segment of `/api/projects/:name`). */
export const PROJECT_NAME_MAX = 200;
export const projectName = z
  .string()
  .regex(/^[^\p{Cc}]{1,200}$/u, `a project name (1-${PROJECT_NAME_MAX} characters, no control characters)`);

/** An ISO date/time or milliseconds since the epoch, as text (query strings, IPC). */
export const isoOrEpoch = z.string().min(1).max(40);

/** A page of items and the cursor of the next one (`null` on the last page). */
export type Page<T, C = number> = { items: T[]; nextCursor: C | null };

export function page<I extends z.ZodType, C extends z.ZodType>(item: I, cursor: C) {
  return z.strictObject({ items: z.array(item), nextCursor: cursor.nullable() });
}

/** What every error response carries (`{error, status}`), whatever the route. */
export const apiErrorBody = z.object({ error: z.string(), status: z.number().int() });

/** Thrown (or rejected) by every verb when the service answers an error. */
export const apiErrorShape = z.strictObject({ status: z.number().int(), message: z.string() });
export type ApiErrorShape = z.infer<typeof apiErrorShape>;
