/**
 * The CLI's `--json` output (one JSON line on stdout): `memtray status`, `hooks`, `import`,
 * `mcp install|uninstall` (`memtray search --json` is `cliSearchOutput` in search.ts).
 */
import { z } from 'zod';
import { agentId } from './agents';
import { id } from './common';
import { hooksState } from './capture';
import { status } from './health';

/** `memtray status --json`: the service's `/api/status` with where it runs, or why it does not answer. */
export const cliStatusOutput = z.union([
  status.extend({ running: z.literal(true), port: z.number().int().positive(), pid: z.number().int() }),
  z.strictObject({
    running: z.literal(false),
    dataDir: z.string(),
    pid: z.number().int().optional(),
    error: z.string().optional(),
  }),
]);
export type CliStatusOutput = z.infer<typeof cliStatusOutput>;

/** `memtray hooks status|install|uninstall --json`. */
export const cliHooksOutput = hooksState.extend({
  /** install/uninstall: the copy of the settings file written first (null when there was none). */
  backup: z.string().nullable().optional(),
  /** uninstall: how many MemTray hooks were removed. */
  removed: z.number().int().nonnegative().optional(),
});
export type CliHooksOutput = z.infer<typeof cliHooksOutput>;

/** `memtray hooks status|install|uninstall --agent X --json` for an agent other than Claude Code. */
const cliAgentHooks = z.strictObject({
  agent: agentId,
  /** Whether the agent is on this machine (its command on PATH, or its config folder). */
  present: z.boolean(),
  installed: z.boolean(),
  path: z.string(),
  events: z.array(z.string()),
  /** Why the installed hooks would not reach this install (MemTray moved, another install's hooks). */
  problems: z.array(z.string()),
  notes: z.array(z.string()),
});
export const cliAgentHooksOutput = z.strictObject({ agents: z.array(cliAgentHooks) });
export type CliAgentHooksOutput = z.infer<typeof cliAgentHooksOutput>;

/** `memtray import --json`. */
export const cliImportOutput = z.strictObject({
  runId: id,
  /** Whose history was imported. */
  agent: agentId,
  status: z.enum(['running', 'done', 'failed']),
  files: z.number().int().nonnegative(),
  sessions: z.number().int().nonnegative(),
  prompts: z.number().int().nonnegative(),
  toolCalls: z.number().int().nonnegative(),
  skippedLines: z.number().int().nonnegative(),
  skippedDirs: z.number().int().nonnegative(),
  /** Why nothing was stored: where the import looked and what it found (null when it stored something). */
  note: z.string().nullable(),
});
export type CliImportOutput = z.infer<typeof cliImportOutput>;

/** `memtray mcp install|uninstall --json`. */
export const cliMcpInstallOutput = z.strictObject({
  path: z.string(),
  status: z.enum(['installed', 'updated', 'unchanged', 'removed', 'absent']),
  entry: z
    .strictObject({
      type: z.literal('stdio'),
      command: z.string(),
      args: z.array(z.string()),
      env: z.record(z.string(), z.string()).optional(),
    })
    .nullable(),
});
export type CliMcpInstallOutput = z.infer<typeof cliMcpInstallOutput>;

/** `memtray mcp install|uninstall --agent X|all --json`: the registration with each agent. */
export const cliAgentMcpOutput = z.strictObject({
  agents: z.array(
    z.strictObject({
      agent: agentId,
      /** Whether the agent is on this machine (its command on PATH, or its config folder). */
      present: z.boolean(),
      path: z.string(),
      status: z.enum(['installed', 'updated', 'unchanged', 'removed', 'absent', 'skipped']),
      note: z.string().nullable(),
    }),
  ),
});
export type CliAgentMcpOutput = z.infer<typeof cliAgentMcpOutput>;
