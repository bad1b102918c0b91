/**
 * The memtray MCP tools, over the same SQLite file as the service (WAL, busy timeout). All reads,
 * except `save_memory`, which writes one observation through the Ingestor. No tool reads files
 * from disk: every answer comes from the database.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import {
  mcpGetObservations,
  mcpGetSession,
  mcpSaveMemory,
  mcpSearch,
  mcpTimeline,
} from '../../shared/contract/mcp.js';
import { SEARCH_LIMITS } from '../../shared/contract/search.js';
import type { Core } from '../core.js';
import { SearchEngine } from '../recall/search.js';
import { HybridSearch } from '../recall/vectors/hybrid.js';
import { Indexer } from '../recall/vectors/indexer.js';
import { observationTitle } from '../recall/titles.js';
import { isoTime } from '../../shared/time.js';

const RAW_MAX = 4000;

interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}
/** An answer of the tool's output schema (the MCP SDK validates it): structured, and the same as text. */
const ok = <S extends z.ZodType>(_schema: S, value: z.input<S> & Record<string, unknown>): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 1) }],
  structuredContent: value,
});
const fail = (message: string): ToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

const truncate = (v: unknown): unknown => {
  if (v === null || v === undefined) return v;
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > RAW_MAX ? `${s.slice(0, RAW_MAX)}… [${s.length - RAW_MAX} more characters]` : v;
};

const toMs = (t: number | string): number | null => {
  if (typeof t === 'number') return t;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? ms : null;
};

/**
 * `cwd`: where Claude Code started this server (the session's project directory). Searches without
 * a `project` prefer that project's memories (SearchParams.prefer).
 */
export function registerTools(server: McpServer, core: Core, cwd: string = process.cwd()): void {
  // Asked per search: the session's first hook may create the project after this server started.
  const here = (): string | undefined => core.projects.knownAt(cwd) ?? undefined;
  registerSearch(server, searchEngine(core), here);
  registerTimeline(server, timelineReads(core.sqlite));
  registerGetObservations(server, core);
  registerGetSession(server, core);
  server.registerTool(
    'save_memory',
    {
      title: 'Save a memory',
      description:
        'Remember something for later sessions of a project (a decision, a convention, a gotcha). ' +
        'Stored as an observation of type "memory"; found by search and shown at session start.',
      inputSchema: mcpSaveMemory.input,
      outputSchema: mcpSaveMemory.output,
    },
    (a) => saveMemory(core, a),
  );
}

/**
 * The same search as `GET /api/search`: hybrid when embeddings are on. The service embeds; this
 * process only reads the vectors (its indexer is never started).
 */
function searchEngine(core: Core): HybridSearch {
  return new HybridSearch(
    new SearchEngine(core.sqlite, core.clock),
    new Indexer({
      db: core.sqlite,
      settings: core.settings,
      bus: core.bus,
      clock: core.clock,
      logger: core.logger,
    }),
    { clock: core.clock },
  );
}

function registerSearch(server: McpServer, engine: HybridSearch, here: () => string | undefined): void {
  server.registerTool(
    'search',
    {
      title: 'Search memories',
      description:
        'Search past work (observations, decisions, episodes, session summaries, prompts). Ask in plain ' +
        'words ("which file did we change for X?", "why did we drop Y?"): question words are optional, ' +
        'identifiers match their parts. Without a project, the project of the directory Claude runs in ' +
        'comes first (askedFrom), other projects below; a question that names a project searches that ' +
        'project alone (named), "what did we do last time?" or "where did we leave off?" the latest ' +
        'finished session alone (lastSession), "what did we do yesterday / last week / on Nov 3 / last ' +
        'Friday?" those days alone ' +
        '(period), and "the last commit" or "when did we last run the tests?" the newest match first. ' +
        'Returns ids, titles, highlighted snippets and a ' +
        'count for repeated memories, and the coding agent (claude-code, codex, gemini, opencode, cursor, ' +
        "copilot) whose session recorded each; `agent` keeps one agent's. Fetch details with get_observations or get_session.",
      inputSchema: mcpSearch.input,
      outputSchema: mcpSearch.output,
    },
    async (a) => {
      // A project named in the call is a filter: then nothing is preferred.
      const askedFrom = a.project === undefined ? here() : undefined;
      const r = await engine.search({
        q: a.query,
        project: a.project,
        agent: a.agent,
        prefer: askedFrom,
        type: a.type,
        file: a.file,
        limit: a.limit ?? SEARCH_LIMITS.mcpLimit.default,
      });
      return ok(mcpSearch.output, {
        results: r.items.map((i) => ({
          kind: i.kind,
          id: i.id,
          sessionId: i.sessionId,
          project: i.project,
          agent: i.agent,
          type: i.type,
          title: i.title,
          snippet: i.snippet,
          at: isoTime(i.createdAt),
          ...(i.count !== undefined ? { count: i.count } : {}),
        })),
        ...(Object.keys(r.corrected).length > 0 ? { corrected: r.corrected } : {}),
        ...(r.unmatched !== undefined ? { unmatched: r.unmatched } : {}),
        ...(askedFrom !== undefined && r.named === undefined && r.lastSession === undefined
          ? { askedFrom }
          : {}),
        ...(r.named !== undefined ? { named: r.named } : {}),
        ...(r.lastSession !== undefined
          ? {
              lastSession: {
                project: r.lastSession.project,
                since: isoTime(r.lastSession.since),
                until: isoTime(r.lastSession.until),
              },
            }
          : {}),
        ...(r.period !== undefined
          ? {
              period: { said: r.period.said, since: isoTime(r.period.since), until: isoTime(r.period.until) },
            }
          : {}),
      });
    },
  );
}

interface TimelineRow {
  id: number;
  createdAt: number;
  type: string | null;
  title: string | null;
  toolName: string;
  input: string | null;
}

/** The timeline's reads: a project's observations before and from a point, and where an observation is. */
function timelineReads(sqlite: Core['sqlite']) {
  const columns = `SELECT o.id, o.created_at AS createdAt, o.type, o.title, o.tool_name AS toolName,
      v.input, s.project, o.session_id AS sessionId
    FROM observations o JOIN sessions s ON s.id = o.session_id JOIN observations_search_src v ON v.id = o.id`;
  const before = sqlite.prepare(`${columns}
    WHERE s.project = ? AND (o.created_at, o.id) < (?, ?) ORDER BY o.created_at DESC, o.id DESC LIMIT ?`);
  const from = sqlite.prepare(`${columns}
    WHERE s.project = ? AND (o.created_at, o.id) >= (?, ?) ORDER BY o.created_at ASC, o.id ASC LIMIT ?`);
  const place = sqlite.prepare(
    'SELECT s.project, o.created_at AS createdAt FROM observations o JOIN sessions s ON s.id = o.session_id WHERE o.id = ?',
  );
  return {
    before: (project: string, at: number, id: number, n: number): TimelineRow[] =>
      (before.all(project, at, id, n) as TimelineRow[]).reverse(),
    from: (project: string, at: number, id: number, n: number): TimelineRow[] =>
      from.all(project, at, id, n) as TimelineRow[],
    place: (id: number) => place.get(id) as { project: string; createdAt: number } | undefined,
  };
}

function registerTimeline(server: McpServer, reads: ReturnType<typeof timelineReads>): void {
  server.registerTool(
    'timeline',
    {
      title: 'Observations around an id or a time',
      description:
        'The observations of a project just before and after an observation id (anchor) or a time ' +
        '(ISO date or ms epoch; then project is required). Newest context for "what happened around X".',
      inputSchema: mcpTimeline.input,
      outputSchema: mcpTimeline.output,
    },
    (a) => {
      let project = a.project;
      let at: number;
      let id = 0;
      if (a.anchor !== undefined) {
        const row = reads.place(a.anchor);
        if (!row) return fail(`observation ${a.anchor} does not exist`);
        project = row.project;
        at = row.createdAt;
        id = a.anchor;
      } else if (a.at !== undefined) {
        const ms = toMs(a.at);
        if (ms === null) return fail(`'at' is not a date: ${String(a.at)}`);
        if (!project) return fail("'project' is required with 'at'");
        at = ms;
      } else return fail("give 'anchor' (an observation id) or 'at' (a time) with 'project'");
      const before = reads.before(project, at, id, a.before ?? 5);
      const after = reads.from(project, at, id, (a.after ?? 5) + (id ? 1 : 0));
      const view = (r: TimelineRow) => ({
        id: r.id,
        at: isoTime(r.createdAt),
        type: r.type,
        title: observationTitle(r),
        ...(r.id === id ? { anchor: true as const } : {}),
      });
      return ok(mcpTimeline.output, { project, observations: [...before, ...after].map(view) });
    },
  );
}

function registerGetObservations(server: McpServer, core: Core): void {
  server.registerTool(
    'get_observations',
    {
      title: 'Full observations by id',
      description:
        'Full records (structured fields, files, tool input; tool output truncated) for up to 50 ids.',
      inputSchema: mcpGetObservations.input,
      outputSchema: mcpGetObservations.output,
    },
    (a) => {
      const found = a.ids.map((id) => core.read.observation(id));
      const missing = a.ids.filter((_id, i) => !found[i]);
      if (missing.length > 0) return fail(`no observation with id ${missing.join(', ')}`);
      return ok(mcpGetObservations.output, {
        observations: found.map((o) => ({ ...o!, toolResponse: truncate(o!.toolResponse) })),
      });
    },
  );
}

function registerGetSession(server: McpServer, core: Core): void {
  server.registerTool(
    'get_session',
    {
      title: 'A session: summary and state',
      description:
        'A session by its MemTray id or Claude Code session id: summary, state, prompts and an index of its observations.',
      inputSchema: mcpGetSession.input,
      outputSchema: mcpGetSession.output,
    },
    (a) => {
      const s =
        a.id !== undefined
          ? core.read.session(a.id)
          : a.claudeSessionId !== undefined
            ? core.read.sessionByClaudeId(a.claudeSessionId)
            : undefined;
      if (a.id === undefined && a.claudeSessionId === undefined)
        return fail("give 'id' or 'claudeSessionId'");
      if (!s) return fail(`no session ${a.id ?? a.claudeSessionId}`);
      const detail = core.read.sessionDetail(s.id)!;
      return ok(mcpGetSession.output, {
        session: detail.session,
        summary: detail.summary,
        state: core.read.sessionState(s.id)!,
        prompts: detail.prompts,
        observations: detail.observations.map((o) => ({
          id: o.id,
          type: o.type,
          title: o.title ?? o.toolName,
        })),
      });
    },
  );
}

/** Writes a user memory: an observation in the project's synthetic `memtray-memories` session (ingest owns it). */
function saveMemory(
  core: Core,
  a: { text: string; project: string; title?: string | undefined },
): ToolResult {
  const r = core.ingest.user.saveMemory(a);
  if (!r.stored || r.observationId === undefined)
    return fail(`memory not saved: ${r.skipped ?? 'unknown reason'} (capture is off for this project?)`);
  return ok(mcpSaveMemory.output, { saved: true, id: r.observationId, project: a.project, title: r.title! });
}
