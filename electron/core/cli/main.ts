/** `memtray` command line: one module per command, dispatched by name. */
import { runServe } from './serve.js';
import { runStatus } from './status.js';
import type { Command } from './types.js';
import { runHooks } from './hooks.js';
import { runImportCommand } from './import.js';
import { runSearch } from './search.js';
import { runMcp } from './mcp.js';
import { runExport } from './export.js';

const commands: Record<string, Command> = {
  serve: runServe,
  status: runStatus,
  hooks: runHooks,
  import: runImportCommand,
  search: runSearch,
  mcp: runMcp,
  export: runExport,
};

const HELP = `memtray — long-term memory for coding agents (Claude Code, Codex CLI, Gemini CLI, opencode, …)

Usage: memtray <command> [options]

Commands:
  serve [--port N] [--data-dir DIR]   run the service in the foreground (UI at the printed URL)
  status [--data-dir DIR] [--json]    is a service running for this data dir? port and counts
${'' /* further commands register themselves below */}
Environment: MEMTRAY_DATA_DIR (default ~/.memtray), ANTHROPIC_API_KEY; all of them: docs/reference/environment.md.
`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(helpText());
    return name ? 0 : 1;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write('0.1.0\n');
    return 0;
  }
  const cmd = commands[name];
  if (!cmd) {
    process.stderr.write(`memtray: unknown command '${name}'\n\n${helpText()}`);
    return 2;
  }
  // Per-command help from the table above (`hooks` prints its own, fuller usage).
  if ((rest[0] === '--help' || rest[0] === '-h') && name !== 'hooks') {
    const lines = helpText()
      .split('\n')
      .filter((l) => l.trimStart().startsWith(`${name} `) || l.trim() === name);
    process.stdout.write(`Usage: memtray ${lines.map((l) => l.trim()).join('\n       memtray ')}\n`);
    return 0;
  }
  try {
    return await cmd(rest);
  } catch (err) {
    process.stderr.write(`memtray ${name}: ${(err as Error).message}\n`);
    return 1;
  }
}

const extraHelp: string[] = [
  'search QUERY [--project P] [--agent A] [--prefer P | --all-projects] [--type T] [--file F] [--limit N] [--json]   search memories (from the project of the current directory)',
  'mcp [--data-dir DIR] | mcp install|uninstall [--agent claude-code|codex|gemini|opencode|all] [--scope user|project]   MCP server (mcp --help)',
  'hooks install|uninstall|status [--mode http|command] [--scope user|project] [--settings PATH]   Claude Code hooks',
  'import [--since DATE] [PATH...]     import past Claude Code transcripts (default ~/.claude/projects)',
  "import --agent codex|gemini|opencode [--since DATE] [PATH...]   import that agent's history (~/.codex/sessions, ~/.gemini/tmp, opencode.db)",
  'import --archive FILE [--json]      merge a memtray export archive (exactly once; reports added/skipped)',
  'export [--project P] [--since DATE] [--format jsonl|markdown] [--out FILE] [--include-capture-off]   export your memory',
];

function helpText(): string {
  return HELP.replace('\n\nEnvironment', `${extraHelp.map((l) => `\n  ${l}`).join('')}\n\nEnvironment`);
}
