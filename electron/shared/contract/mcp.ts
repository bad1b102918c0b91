/**
 * The MCP tools' input and output (`memtray mcp`, electron/core/mcp/tools.ts). Inputs are zod raw
 * shapes (what `registerTool` takes); outputs are the tools' structured content, which the MCP
 * SDK validates before it answers (the text content is the same JSON).
 */
import { z } from 'zod';
import { agentId } from './agents';
import { epochMs, id, PROJECT_NAME_MAX } from './common';
import { observation } from './observations';
import {
  searchHit,
  corrections,
  lastSession,
  namedProject,
  searchPeriod,
  SEARCH_LIMITS,
  unmatchedWords,
} from './search';
import { prompt, session, sessionState, summary } from './sessions';

const projectArg = z.string().min(1).max(PROJECT_NAME_MAX);
const isoTime = z.string().describe('ISO date/time');

export const mcpSearch = {
  input: {
    query: z.string().min(1).max(SEARCH_LIMITS.q),
    project: projectArg.optional(),
    /** Only what this coding agent's sessions recorded. */
    agent: agentId.optional(),
    type: z.string().min(1).max(SEARCH_LIMITS.type).optional(),
    file: z.string().min(SEARCH_LIMITS.file.min).max(SEARCH_LIMITS.file.max).optional(),
    limit: z.number().int().min(1).max(SEARCH_LIMITS.mcpLimit.max).optional(),
  },
  output: z.strictObject({
    results: z.array(searchHit.omit({ score: true, createdAt: true }).extend({ at: isoTime })),
    corrected: corrections.optional(),
    /** The question's words no memory holds: the results are what the rest of it asks for. */
    unmatched: unmatchedWords.optional(),
    /** The project the search was asked from (the server's cwd's): its strong matches come first. */
    askedFrom: z.string().optional(),
    /** The project the question names: the search was confined to it (askedFrom does not apply). */
    named: namedProject.optional(),
    /** The session a "last time" question was kept to, its times ISO (askedFrom does not apply). */
    lastSession: lastSession.extend({ since: isoTime, until: isoTime }).optional(),
    /** The span of days the question names ("yesterday", "last week"), its times ISO. */
    period: searchPeriod.extend({ since: isoTime, until: isoTime }).optional(),
  }),
};

const timelineEntry = z.strictObject({
  id,
  at: isoTime,
  type: z.string().nullable(),
  title: z.string(),
  anchor: z.literal(true).optional(),
});
const MCP_TIMELINE_MAX = 50;
export const mcpTimeline = {
  input: {
    anchor: id.optional(),
    at: z.union([epochMs, z.string().min(4).max(40)]).optional(),
    project: projectArg.optional(),
    before: z.number().int().min(0).max(MCP_TIMELINE_MAX).optional(),
    after: z.number().int().min(0).max(MCP_TIMELINE_MAX).optional(),
  },
  output: z.strictObject({ project: z.string(), observations: z.array(timelineEntry) }),
};

const MCP_IDS_MAX = 50;
export const mcpGetObservations = {
  input: { ids: z.array(id).min(1).max(MCP_IDS_MAX) },
  /** Full records; a long tool output is cut (a string ending in `… [N more characters]`). */
  output: z.strictObject({ observations: z.array(observation) }),
};

export const mcpGetSession = {
  input: { id: id.optional(), claudeSessionId: z.string().min(1).max(200).optional() },
  output: z.strictObject({
    session,
    summary: summary.nullable(),
    state: sessionState,
    prompts: z.array(prompt),
    observations: z.array(z.strictObject({ id, type: z.string().nullable(), title: z.string() })),
  }),
};

export const mcpSaveMemory = {
  input: {
    text: z.string().trim().min(1).max(10_000),
    project: z.string().trim().min(1).max(PROJECT_NAME_MAX),
    title: z.string().trim().min(1).max(200).optional(),
  },
  output: z.strictObject({ saved: z.literal(true), id, project: z.string(), title: z.string() }),
};
