/**
 * The arguments of every IPC verb, validated with the verb's declared `args` (a tuple per verb,
 * electron/shared/contract/verbs.ts) before the call reaches the service; a call that does not
 * validate is answered 400 and does nothing. Electron-free (tested under Node).
 */
import type { z } from 'zod';
import { VERBS } from '../shared/contract/verbs.js';
import { IPC_VERBS, type IpcArgs, type IpcVerb } from '../shared/ipc.js';

/** Each verb's argument tuple. */
export const ipcArgSchemas: { [V in IpcVerb]: (typeof VERBS)[V]['args'] } = Object.fromEntries(
  IPC_VERBS.map((v) => [v, VERBS[v].args]),
) as { [V in IpcVerb]: (typeof VERBS)[V]['args'] };

class IpcValidationError extends Error {
  readonly status = 400;
}

/**
 * Validates the raw arguments of one IPC call. Trailing `undefined`s are dropped first (a verb
 * called without its optional argument arrives as `[]` or `[undefined]` depending on the caller).
 */
export function validateIpcArgs<V extends IpcVerb>(verb: V, raw: unknown): IpcArgs<V> {
  if (!(IPC_VERBS as readonly string[]).includes(verb))
    throw new IpcValidationError(`unknown verb '${verb}'`);
  if (!Array.isArray(raw)) throw new IpcValidationError(`invalid arguments for ${verb}: expected a list`);
  const args = [...(raw as unknown[])];
  while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
  const schema = ipcArgSchemas[verb] as z.ZodType;
  // An optional trailing tuple element still needs a slot: pad to the tuple's length.
  const def = schema as unknown as { def?: { items?: unknown[] } };
  const len = def.def?.items?.length ?? 0;
  while (args.length < len) args.push(undefined);
  const r = schema.safeParse(args);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new IpcValidationError(`invalid arguments for ${verb}${where}: ${issue?.message ?? 'rejected'}`);
  }
  return r.data as IpcArgs<V>;
}
