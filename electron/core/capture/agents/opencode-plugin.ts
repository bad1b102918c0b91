/**
 * The opencode plugin MemTray installs (`memtray hooks install --agent opencode`): opencode's hooks
 * are plugin functions, so this small plugin hands each event to the command hook
 * (`memtray-hook --agent opencode <event>`, payload on stdin), which posts it, or spools it when the
 * service is down, as for every other agent. The payload fields are the ones core/agents/opencode.ts
 * reads.
 */

export const OPENCODE_PLUGIN_MARK = '// memtray: opencode plugin';

/** The plugin's source, running `hookCommand` (a shell command line) for each event. */
export function opencodePluginSource(hookCommand: string): string {
  return `${OPENCODE_PLUGIN_MARK} (written by \`memtray hooks install --agent opencode\`; removed by uninstall)
import { spawn } from 'node:child_process';

const HOOK = ${JSON.stringify(hookCommand)};
const BUS_EVENTS = ['session.created', 'session.idle', 'session.compacted', 'session.deleted'];

function send(event, payload) {
  return new Promise((resolve) => {
    const p = spawn(\`\${HOOK} --agent opencode \${event}\`, { shell: true, stdio: ['pipe', 'ignore', 'ignore'] });
    p.on('error', () => resolve());
    p.on('close', () => resolve());
    p.stdin.on('error', () => undefined);
    p.stdin.end(JSON.stringify(payload));
  });
}

export const MemTray = async ({ directory }) => ({
  'chat.message': async (input, output) => {
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
    if (!BUS_EVENTS.includes(event.type)) return;
    const props = event.properties ?? {};
    await send(event.type, { sessionID: props.sessionID ?? props.info?.id, directory });
  },
});
`;
}
