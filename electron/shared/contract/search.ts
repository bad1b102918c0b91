/**
 * Search: `GET /api/search` (the popup, IPC), `memtray search --json` and the MCP `search` tool.
 * The limits are defined here once; the route, IPC and MCP validate with them.
 */
import { z } from 'zod';
import { agentId } from './agents';
import { epochMs, id, isoOrEpoch, page, PROJECT_NAME_MAX } from './common';

export const SEARCH_KINDS = ['observation', 'summary', 'prompt'] as const;
const searchKind = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof searchKind>;

export const SEARCH_LIMITS = {
  q: 2000,
  project: PROJECT_NAME_MAX,
  type: 100,
  file: { min: 3, max: 1000 },
  /** Hits per page (`limit`). */
  limit: { default: 20, min: 1, max: 100 },
  /** Hits per MCP `search` call (the agent's context is the budget). */
  mcpLimit: { default: 10, max: 50 },
  /** A list is offered a next page while it has shown at most this many hits. */
  shown: 1000,
  /**
   * A cursor names the hits a list has shown (at most `shown`): ascending ids as gaps of at most
   * 8 bytes each, in base64url, so never longer than this.
   */
  cursor: 11_000,
} as const;

/** `type` also accepts a kind (`summary`, `prompt`, `observation`): the UI's type filter lists all three. */
export const searchQuery = z.strictObject({
  q: z.string().max(SEARCH_LIMITS.q),
  project: z.string().max(SEARCH_LIMITS.project).optional(),
  /** Only what this coding agent's sessions recorded. */
  agent: agentId.optional(),
  /** The project asked from (no filter): its memories rank higher, other projects' still come. */
  prefer: z.string().max(SEARCH_LIMITS.project).optional(),
  type: z.string().max(SEARCH_LIMITS.type).optional(),
  /** Comma-separated kinds. */
  kind: z.string().max(SEARCH_LIMITS.type).optional(),
  /** A path or a path's end (at least 3 characters). */
  file: z.string().min(SEARCH_LIMITS.file.min).max(SEARCH_LIMITS.file.max).optional(),
  /** ISO date or ms epoch. */
  since: isoOrEpoch.optional(),
  until: isoOrEpoch.optional(),
  limit: z.number().int().min(SEARCH_LIMITS.limit.min).max(SEARCH_LIMITS.limit.max).optional(),
  /** The `nextCursor` of the page before: the next page continues after every hit shown so far. */
  cursor: z.string().max(SEARCH_LIMITS.cursor).optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchHit = z.strictObject({
  kind: searchKind,
  id,
  sessionId: id,
  project: z.string(),
  /** The coding agent whose session recorded it. */
  agent: agentId,
  type: z.string().nullable(),
  title: z.string(),
  /** Plain text; each hit wrapped in the literal tokens `<mark>` and `</mark>` (nothing else is HTML). */
  snippet: z.string(),
  createdAt: epochMs,
  score: z.number(),
  /** How many near-identical memories (same kind, project, type and title) this hit stands for; absent when one. */
  count: z.number().int().positive().optional(),
});
export type SearchHit = z.infer<typeof searchHit>;

/** Words the search corrected (one typo each): `{typed: used}`. */
export const corrections = z.record(z.string(), z.string());

/**
 * The question's words no memory holds ("the hardest bug": `hardest`): the results are what the rest
 * of the question asks for (bugs, files, commands), not matches of these.
 */
export const unmatchedWords = z.array(z.string()).min(1);

/** The project the question names ("where did we leave off in kucun"): the search was confined to it. */
export const namedProject = z.string();

/**
 * The session a "last time" question was kept to ("what did we do last time?", "where did we leave
 * off?"): the newest one not running that holds a memory, its project and its span (first to last
 * activity).
 */
export const lastSession = z.strictObject({ project: z.string(), since: epochMs, until: epochMs });

/**
 * The span of days a question names ("what did we do yesterday?", 上周): the search was kept to
 * it, in the machine's local time, both ends inclusive; `said` is how the question named it.
 */
export const searchPeriod = z.strictObject({ since: epochMs, until: epochMs, said: z.string() });

export const searchPage = page(searchHit, z.string()).extend({
  corrected: corrections.optional(),
  unmatched: unmatchedWords.optional(),
  named: namedProject.optional(),
  lastSession: lastSession.optional(),
  period: searchPeriod.optional(),
});
export type SearchPage = z.infer<typeof searchPage>;

/**
 * `memtray search --json`: the hits, typo corrections, the words no memory holds, the project the search was asked from
 * (`prefer`: the known project of the directory it ran in, or `--prefer`) and the project the
 * question names, the session a "last time" question was kept to or the span of days it names, each
 * absent when none.
 */
export const cliSearchOutput = z.strictObject({
  items: z.array(searchHit),
  corrected: corrections,
  unmatched: unmatchedWords.optional(),
  askedFrom: z.string().optional(),
  named: namedProject.optional(),
  lastSession: lastSession.optional(),
  period: searchPeriod.optional(),
});
export type CliSearchOutput = z.infer<typeof cliSearchOutput>;
