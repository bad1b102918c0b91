/**
 * The prose of the generated reference: one line per route, setting, environment variable, data
 * file and agent. The facts beside it (paths, types, defaults, limits, answers) come from the code
 * (scripts/docs-sources.ts); the docs check fails when a line here names something the code no
 * longer has, or the code has something without a line here.
 */

export const ROUTE_TEXT: Record<string, string> = {
  'POST /api/hooks/:event':
    'Claude Code hook endpoint (HTTP hooks and `memtray-hook`): journals the event, answers SessionStart with the context digest.',
  'POST /api/hooks/:agent/:event':
    "Another agent's hook (`codex`, `gemini`, `opencode`, `cursor`, `copilot`): its native event mapped onto MemTray's.",
  'POST /api/sessions/init': 'claude-mem-compatible session API: start a session.',
  'POST /sessions/:sessionDbId/init':
    'claude-mem-compatible session API: start a session by its database id.',
  'POST /api/sessions/observations': 'claude-mem-compatible session API: record a tool call.',
  'POST /api/sessions/summarize': 'claude-mem-compatible session API: record a session summary.',
  'POST /api/sessions/complete': 'claude-mem-compatible session API: mark a session complete.',
  'POST /api/processing': 'claude-mem-compatible session API: set the processing flag.',
  'GET /api/ping': 'Proves which service instance answers (used by clients reading `server.json`).',
  'GET /api/health': 'Liveness and version; no token needed.',
  'GET /api/health/quarantine': 'Events that could not be stored as sent (kept aside, with why).',
  'GET /api/health/redaction': 'Secret redaction state: rules loaded, custom patterns, counts.',
  'GET /api/status': 'Counts, queue, pause state, data dir and uptime (what `memtray status` prints).',
  'GET /api/sessions': 'Sessions, newest first, paged; filter by project.',
  'GET /api/sessions/:id': 'One session with its prompts, observations and summaries.',
  'DELETE /api/sessions/:id': 'Forget a session and everything derived from it.',
  'GET /api/sessions/:id/state': 'The state of a session derived from its events.',
  'GET /api/observations/:id': 'One observation (a remembered tool call) with its payload.',
  'DELETE /api/observations/:id': 'Forget one observation (synced as a deletion when sync is on).',
  'GET /api/projects': 'Projects with their counts and capture switch.',
  'PUT /api/projects/:name': 'Turn capture on or off for a project (keep a project private).',
  'DELETE /api/projects/:name': "Forget a project's sessions and memories.",
  'GET /api/settings': 'The settings (secrets shown only as set or not).',
  'PUT /api/settings': 'Change settings: a partial patch, validated against the settings schema.',
  'GET /api/stream': 'Server-sent live events (see events reference); `?access_token=` accepted.',
  'GET /api/logs': 'The service log, paged, filterable by level (the log view).',
  'GET /api/context/inject': 'The SessionStart context digest for a project, as Markdown.',
  'GET /api/context/preview': 'The digest a new session of a project would receive, with its token count.',
  'GET /api/capture/hooks': 'Which agents have MemTray hooks installed, and where.',
  'GET /api/capture/status': 'Capture state: hooks, last event per agent, spool.',
  'POST /api/capture/hooks/install': 'Install hooks for an agent.',
  'POST /api/capture/hooks/uninstall': 'Remove hooks for an agent.',
  'POST /api/capture/import': 'Start importing past transcripts.',
  'GET /api/capture/imports': 'Import runs and their progress.',
  'GET /api/search':
    'Search memories (`q`, `project`, `type`, `file`, `limit`); `cursor` (the `nextCursor` of the page before) continues after every hit shown; what `memtray search` calls.',
  'GET /api/recent': 'Recent activity across sessions, paged (the Recent view).',
  'GET /api/health/embeddings': 'Semantic search state: provider, vectors indexed, pending.',
  'POST /api/embeddings/reindex': 'Re-embed every memory (after a model change).',
  'GET /api/queue': 'Compression job queue counts and failed jobs.',
  'POST /api/queue/retry': 'Retry failed compression jobs.',
  'GET /api/usage': 'Model tokens used per day against the daily budget.',
  'GET /api/provider': 'The provider writing memories and whether it is usable.',
  'GET /api/provider/key': 'Whether an API key is stored (never the key).',
  'POST /api/provider/key/test': 'Test the stored API key against the provider.',
  'GET /api/health/storage': 'Database size, growth and integrity (the health card).',
  'GET /api/maintenance': 'Storage report: table sizes, retention, last maintenance run.',
  'POST /api/maintenance/run': 'Run maintenance now (retention, vacuum, checkpoint, integrity check).',
  'GET /api/sync': 'Sync state: folder, machines, last run, held deletions, trash.',
  'POST /api/sync/run': 'Sync now.',
  'POST /api/sync/holds/:machine': "Accept or refuse a machine's held deletions.",
  'POST /api/sync/trash/:id/restore': 'Restore an item deleted through sync.',
  'POST /api/data/export':
    'Write an export archive of your memory (`includeCaptureOff: true` adds projects with capture off).',
  'GET /api/data/export/left-out':
    'Sessions and memories an export leaves out because their project has capture off now.',
  'POST /api/data/export/download': 'An export archive as text with its file name, for the UI to save.',
  'POST /api/data/import': 'Merge an export archive (exactly once).',
  'POST /api/data/import/upload':
    "Merge an archive's text the UI uploaded (the 8 MiB body limit bounds it: 413).",
  'GET /api/data/imports/:id': 'Progress of an archive import.',
};

export const SETTING_TEXT: Record<string, string> = {
  paused: 'Global pause: nothing is stored while true.',
  pausedUntil: 'Pause until this time (ms since the epoch); null: no timed pause.',
  skipTools: 'Tools whose calls are never captured.',
  excludedPaths: 'Globs of paths whose tool calls are not captured (matched against file paths and cwd).',
  redactSecrets: 'Redact secrets (keys, tokens, passwords) before anything is stored.',
  customRedactPatterns: 'Extra regular expressions (RE2) whose matches are redacted as `[REDACTED:custom]`.',
  'provider.kind':
    'Who writes memories: `rules` (no model), `anthropic` (API key), `claude-code` (your Claude login), `openai-compatible` (a local or hosted model). null: `anthropic` when a key is set, else `rules`.',
  'provider.claudePath': 'The `claude` CLI for `claude-code`; null: `claude` on PATH.',
  'provider.claudeConcurrency': 'How many `claude` processes run at once (a subscription has rate limits).',
  'provider.model': 'Model name for the provider.',
  'provider.baseUrl': 'API root for `openai-compatible` (e.g. `http://127.0.0.1:11434/v1`) or a proxy.',
  'provider.dailyTokenBudget': 'Tokens per day the provider may use; past it, jobs wait for the next day.',
  'provider.concurrency': 'Requests in flight to the provider.',
  'provider.maxAttempts': 'Attempts per compression job before it is marked failed.',
  'provider.batchSize': 'Observations per model request.',
  'context.tokenBudget': 'Size of the SessionStart digest, in tokens.',
  'context.maxSummaries': 'Session summaries included in the digest.',
  'retention.rawDays':
    'Raw tool inputs and outputs older than this are compacted (memories, prompts and summaries stay); null: keep forever.',
  'embeddings.kind': 'Semantic search: `none` (lexical search only), `openai-compatible` or `voyage`.',
  'embeddings.baseUrl': 'For `openai-compatible`: the API root holding `/embeddings`.',
  'embeddings.model': 'Embedding model name.',
  'embeddings.dimensions': 'Vector size asked of models that can shorten vectors; null: the model’s own.',
  'embeddings.batchSize': 'Texts per embeddings request.',
  'ui.shortcut': 'Global shortcut that opens the popup; null: none.',
  'ui.editor': 'Editor that file links open in.',
  'sync.folder':
    'A folder another tool keeps in sync (Syncthing, Dropbox, a git work tree); null: sync off. Absolute path.',
  'sync.projectSettings': 'Also sync the per-project capture switches.',
  'sync.scanMinutes': 'Safety scan of the sync folder besides file watching, in minutes.',
};

export const ENV_TEXT: Record<string, string> = {
  MEMTRAY_DATA_DIR: 'Data directory (default `~/.memtray`). Read by the app, the CLI and the hook.',
  MEMTRAY_TOKEN:
    'The bearer token hooks send when installed with `--token-env` or `--url` (a remote service).',
  MEMTRAY_OPENAI_API_KEY:
    'Key for the `openai-compatible` provider when none is stored (never `OPENAI_API_KEY`).',
  MEMTRAY_SHORTCUT: 'Overrides the global shortcut of the desktop app.',
  MEMTRAY_INTERNAL: 'Set by MemTray on the `claude` processes it runs itself, so their hooks record nothing.',
  ANTHROPIC_API_KEY: 'Key for the `anthropic` provider when none is stored.',
  VOYAGE_API_KEY: 'Key for `voyage` embeddings when none is stored.',
  CODEX_HOME: "Codex CLI's home (default `~/.codex`): where Codex hooks are installed.",
  XDG_CONFIG_HOME: 'Config root on Linux (default `~/.config`): opencode hooks and the login item.',
  CLAUDECODE: 'Set by Claude Code in its children; read to tell a hook run inside Claude Code.',
  APPIMAGE: 'Set by the AppImage runtime; the login item starts the AppImage rather than the binary inside.',
  ELECTRON_RENDERER_URL: 'Development only: the renderer dev server the app loads.',
  PATH: 'Where `claude`, `codex` and the other agents are looked up.',
};

export const DATA_FILE_TEXT: Record<string, string> = {
  db: 'The SQLite database (WAL mode: `memtray.db-wal` and `memtray.db-shm` beside it). Everything remembered.',
  token: 'The per-install bearer token (256 random bits, mode 0600). Every API call but health needs it.',
  serverJson: 'Where the running service listens (port, pid, instance). Information for clients, not a lock.',
  spool: 'Hook events written while the service was down; imported at the next start.',
  apiKey: "The provider's API key when stored outside the OS keychain (mode 0600).",
  embeddingsKey: "The embeddings provider's key (mode 0600).",
  log: 'The service log (rotated); shown in the log view.',
};

/**
 * What each agent supports today. `e2e`: a test drives the agent's real CLI against a real service
 * (tests/e2e/claude, tests/e2e/agents). This is the one place the README's agents table comes from.
 */
export interface AgentText {
  name: string;
  /** How its events reach MemTray. */
  capture: string;
  /** Whether the SessionStart digest reaches its model. */
  context: string;
  /** `memtray mcp install --agent …` support. */
  mcp: string;
  /** History import from its own transcripts. */
  history: string;
  /** Proven with the real CLI end to end (tests/e2e). */
  e2e: boolean;
}

export const AGENT_TEXT: Record<string, AgentText> = {
  'claude-code': {
    name: 'Claude Code',
    capture: 'HTTP or command hooks (`memtray hooks install`)',
    context: 'yes',
    mcp: 'yes',
    history: 'yes',
    e2e: true,
  },
  codex: {
    name: 'Codex CLI',
    capture: 'command hooks (`--agent codex`), trust recorded',
    context: 'yes',
    mcp: 'yes (`codex mcp add`)',
    history: 'yes',
    e2e: true,
  },
  gemini: {
    name: 'Gemini CLI',
    capture: 'command hooks (`--agent gemini`)',
    context: 'yes',
    mcp: 'yes',
    history: 'yes',
    e2e: true,
  },
  opencode: {
    name: 'opencode',
    capture: 'a plugin (`--agent opencode`)',
    context: 'yes (system prompt)',
    mcp: 'yes',
    history: 'yes',
    e2e: true,
  },
  cursor: {
    name: 'Cursor',
    capture: 'command hooks (`--agent cursor`)',
    context: 'no',
    mcp: 'no',
    history: 'no',
    e2e: false,
  },
  copilot: {
    name: 'Copilot CLI',
    capture: 'project hooks (`--agent copilot`)',
    context: 'no',
    mcp: 'no',
    history: 'no',
    e2e: false,
  },
};
