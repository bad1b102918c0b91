/**
 * The `claude-code` provider: compression through the user's own `claude` CLI, headless
 * (`claude -p`, JSON output), with whatever login the user has; MemTray never reads or stores
 * their credentials. One process per batch, no tools, no MCP servers, one turn, killed at the
 * timeout with every process it started (its own process group). It never captures itself: hooks, plugins and MCP are off (`--safe-mode`,
 * `disableAllHooks`, an empty strict MCP config), `MEMTRAY_INTERNAL=1` makes the hook program
 * exit, the working directory is an internal folder that ingest drops, and nothing is persisted
 * (`--no-session-persistence`), so no transcript is there to import.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { z } from 'zod';
import { INTERNAL_ENV } from '../util/internal-runs.js';
import type { CallUsage } from './provider.js';
import { jsonOnlyInstructions, noUsage, ProviderError, type CompressionProvider } from './provider.js';

interface ClaudeCodeConfig {
  /** The CLI (see claude-path.ts); null: not found. */
  path: string | null;
  model: string;
  timeoutMs: number;
  /** The runs' working directory (an internal folder, see util/internal-runs.ts). */
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/** Most a run may print; more is cut (the JSON then fails to parse, which is retried). */
const MAX_STDOUT = 2_000_000;

const resultSchema = z.object({
  type: z.literal('result'),
  is_error: z.boolean().default(false),
  api_error_status: z.number().int().nullish(),
  result: z.string().max(1_000_000).default(''),
  usage: z
    .object({
      input_tokens: z.number().nonnegative().default(0),
      output_tokens: z.number().nonnegative().default(0),
      cache_read_input_tokens: z.number().nonnegative().default(0),
      cache_creation_input_tokens: z.number().nonnegative().default(0),
    })
    .partial()
    .nullish(),
  modelUsage: z.record(z.string(), z.unknown()).nullish(),
});

/** The flags of every run; the prompt goes on stdin. */
function claudeArgs(model: string, systemPrompt: string): string[] {
  return [
    '-p',
    '--output-format',
    'json',
    '--model',
    model,
    '--system-prompt',
    systemPrompt,
    '--tools',
    '',
    '--max-turns',
    '1',
    '--safe-mode',
    '--settings',
    JSON.stringify({ disableAllHooks: true }),
    '--strict-mcp-config',
    '--mcp-config',
    JSON.stringify({ mcpServers: {} }),
    '--no-session-persistence',
  ];
}

/** How a failed run is retried: rate and usage limits pause the provider, a missing login is fatal. */
export function classifyClaudeFailure(status: number | null, text: string, now: number): ProviderError {
  const message = `claude: ${status ? `HTTP ${status}: ` : ''}${text.trim().slice(0, 500) || 'failed'}`;
  const usageLimit = /usage limit|hit your limit|limit reached/i.test(text);
  if (status === 429 || usageLimit || /rate.?limit/i.test(text)) {
    // "Claude AI usage limit reached|<epoch seconds>": wait until then.
    const reset = /\|(\d{10})\b/.exec(text);
    const until = reset ? Number(reset[1]) * 1000 : null;
    const wait = until !== null && until > now ? until - now : usageLimit ? 30 * 60_000 : null;
    return new ProviderError({ kind: 'retryable', message, retryAfterMs: wait, rateLimited: true });
  }
  if (
    status === 401 ||
    status === 403 ||
    /not logged in|\/login|invalid api key|authentication/i.test(text)
  ) {
    return new ProviderError({ kind: 'fatal', message: `${message} (sign in with \`claude\` once)` });
  }
  return new ProviderError({ kind: 'retryable', message, retryAfterMs: null });
}

function usageOf(r: z.infer<typeof resultSchema>): CallUsage {
  const u = r.usage ?? {};
  return {
    inputTokens: u.input_tokens ?? 0,
    outputTokens: u.output_tokens ?? 0,
    cacheReadTokens: u.cache_read_input_tokens ?? 0,
    cacheWriteTokens: u.cache_creation_input_tokens ?? 0,
  };
}

interface RunOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(
  cfg: ClaudeCodeConfig,
  path: string,
  args: string[],
  input: string,
  signal?: AbortSignal,
): Promise<RunOutput> {
  mkdirSync(cfg.cwd, { recursive: true, mode: 0o700 });
  const env = childEnv(cfg);
  return new Promise((resolve, reject) => {
    // In its own process group (POSIX), so the timeout kills whatever the CLI started too.
    const group = process.platform !== 'win32';
    const child = spawn(path, args, {
      cwd: cfg.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
      detached: group,
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const kill = (): void => killAll(child, group);
    const timer = setTimeout(() => {
      kill();
      finish(() =>
        reject(
          new ProviderError({
            kind: 'retryable',
            message: `claude: no answer within ${Math.round(cfg.timeoutMs / 1000)} s (killed)`,
            retryAfterMs: null,
          }),
        ),
      );
    }, cfg.timeoutMs);
    const onAbort = (): void => {
      kill();
      finish(() => reject(new Error('aborted')));
    };
    signal?.addEventListener('abort', onAbort);
    child.stdout.on('data', (c: Buffer) => {
      if (stdout.length < MAX_STDOUT) stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-4000);
    });
    child.on('error', (err: NodeJS.ErrnoException) => finish(() => reject(spawnError(err, path))));
    child.on('close', (code) => finish(() => resolve({ code, stdout, stderr })));
    child.stdin.on('error', () => {}); // a CLI that exits early closes its stdin: reported by 'close'
    child.stdin.end(input);
  });
}

/** The CLI's environment: marked as MemTray's own run, with no extra traffic and no retries of its own. */
function childEnv(cfg: ClaudeCodeConfig): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...(cfg.env ?? process.env),
    [INTERNAL_ENV]: '1',
    // No title request, no telemetry; our queue retries, not the CLI.
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    CLAUDE_CODE_MAX_RETRIES: '0',
  };
  delete env.CLAUDECODE; // started from inside a Claude Code session (e.g. `memtray serve` in one)
  return env;
}

/** Kills the CLI and, when it leads its own process group, whatever it started. */
function killAll(child: ChildProcess, group: boolean): void {
  try {
    if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    child.kill('SIGKILL'); // the group is gone already
  }
}

/** A CLI that cannot be run at all is a fatal provider error; other spawn errors stay as they are. */
function spawnError(err: NodeJS.ErrnoException, path: string): Error {
  return err.code === 'ENOENT' || err.code === 'EACCES'
    ? new ProviderError({ kind: 'fatal', message: `claude CLI cannot be run at ${path} (${err.code})` })
    : err;
}

export function claudeCodeProvider(cfg: ClaudeCodeConfig): CompressionProvider {
  return {
    kind: 'claude-code',
    async call(req) {
      if (!cfg.path) {
        throw new ProviderError({
          kind: 'fatal',
          message: 'claude CLI not found on PATH (install Claude Code, or set provider.claudePath)',
        });
      }
      const out = await run(
        cfg,
        cfg.path,
        claudeArgs(cfg.model, jsonOnlyInstructions(req)),
        req.user,
        req.signal,
      );
      let parsed: z.infer<typeof resultSchema> | null = null;
      try {
        const r = resultSchema.safeParse(JSON.parse(out.stdout));
        parsed = r.success ? r.data : null;
      } catch {
        parsed = null;
      }
      if (!parsed) {
        const why = out.stderr.trim() || out.stdout.trim() || `exit code ${out.code}`;
        throw classifyClaudeFailure(null, why, Date.now());
      }
      if (parsed.is_error)
        throw classifyClaudeFailure(parsed.api_error_status ?? null, parsed.result, Date.now());
      const used = Object.keys(parsed.modelUsage ?? {})[0] ?? cfg.model;
      return {
        toolInput: null,
        text: parsed.result,
        usage: parsed.usage ? usageOf(parsed) : noUsage(),
        model: `claude-code:${used}`,
      };
    },
  };
}
