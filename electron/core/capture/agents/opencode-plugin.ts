/**
 * The opencode plugin MemTray installs (`memtray hooks install --agent opencode`): opencode's hooks
 * are plugin functions, so this small plugin hands each event to the command hook
 * (`memtray-hook --agent opencode <event>`, payload on stdin), which posts it, or spools it when the
 * service is down, as for every other agent. The payload fields are the ones core/agents/opencode.ts
 * reads. A session starts (`session.created`) once, on the bus event, its first prompt or the first
 * system prompt opencode builds for it, whichever comes first (so it is recorded before the prompt);
 * the memory context the hook prints for it is added to that session's system prompt
 * (`experimental.chat.system.transform`).
 */

export const OPENCODE_PLUGIN_MARK = '// memtray: opencode plugin';

/** The plugin's source, running `hookCommand` (a shell command line) for each event. */
/** The hook program a plugin MemTray wrote runs (its `HOOK` line), or null. */
export function opencodePluginProgram(source: string): string | null {
  const m = /^const HOOK = (".*");$/m.exec(source);
  if (!m) return null;
  try {
    const v: unknown = JSON.parse(m[1]!);
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function opencodePluginSource(hookCommand: string): string {
  return `${OPENCODE_PLUGIN_MARK} (written by \`memtray hooks install --agent opencode\`; removed by uninstall)
import { spawn } from 'node:child_process';

const HOOK = ${JSON.stringify(hookCommand)};
const BUS_EVENTS = ['session.idle', 'session.compacted', 'session.deleted'];

/** Runs the hook for the event; resolves with what it printed. */
function send(event, payload) {
  return new Promise((resolve) => {
    const p = spawn(\`\${HOOK} --agent opencode \${event}\`, { shell: true, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    p.stdout.on('data', (c) => (out += c.toString()));
    p.on('error', () => resolve(''));
    p.on('close', () => resolve(out));
    p.stdin.on('error', () => undefined);
    p.stdin.end(JSON.stringify(payload));
  });
}

/** The memory context in the hook's SessionStart answer, or ''. */
function contextOf(out) {
  try {
    const c = JSON.parse(out)?.hookSpecificOutput?.additionalContext;
    return typeof c === 'string' ? c : '';
  } catch {
    return '';
  }
}

export const MemTray = async ({ directory }) => {
  const started = new Map();
  const start = (sessionID) => {
    if (!sessionID) return Promise.resolve('');
    if (!started.has(sessionID))
      started.set(sessionID, send('session.created', { sessionID, directory }).then(contextOf));
    return started.get(sessionID);
  };
  return {
    'experimental.chat.system.transform': async (input, output) => {
      const context = await start(input?.sessionID);
      if (context && Array.isArray(output?.system)) output.system.push(context);
    },
    'chat.message': async (input, output) => {
      await start(input.sessionID);
      const parts = Array.isArray(output?.parts) ? output.parts : [];
      const prompt = parts.filter((p) => p.type === 'text' && !p.synthetic).map((p) => p.text).join('\\n');
      await send('chat.message', { sessionID: input.sessionID, directory, prompt });
    },
    'tool.execute.after': async (input, output) => {
      await send('tool.execute.after', {
        ...input,
        directory,
        title: output?.title,
        output: output?.output,
        metadata: output?.metadata,
      });
    },
    event: async ({ event }) => {
      const props = event.properties ?? {};
      const sessionID = props.sessionID ?? props.info?.id;
      if (event.type === 'session.created') await start(sessionID);
      else if (BUS_EVENTS.includes(event.type)) await send(event.type, { sessionID, directory });
    },
  };
};
`;
}
