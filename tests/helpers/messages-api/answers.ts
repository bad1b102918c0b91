/** What the scripted Messages API answers by default: valid structured output for MemTray's tools. */

export interface MessagesBody {
  model: string;
  max_tokens: number;
  system?: Array<{ type: 'text'; text: string; cache_control?: { type: string } }> | string;
  tools?: Array<{ name: string; input_schema: unknown; cache_control?: unknown }>;
  tool_choice?: { type: string; name?: string };
  messages: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
  stream?: boolean;
}

export function userText(body: MessagesBody): string {
  return body.messages
    .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((c) => c.text ?? '').join('\n')))
    .join('\n');
}

/** Characters of the cacheable prefix (tools + system blocks through the last cache_control). */
export function cachedPrefix(body: MessagesBody): string | null {
  const sys = Array.isArray(body.system) ? body.system : [];
  const last = sys.map((b) => Boolean(b.cache_control)).lastIndexOf(true);
  const toolMark = (body.tools ?? []).some((t) => t.cache_control);
  if (last < 0 && !toolMark) return null;
  const upTo = last < 0 ? [] : sys.slice(0, last + 1);
  return JSON.stringify(body.tools ?? []) + upTo.map((b) => b.text).join('');
}

/** The system prompt's text (a string or blocks). */
export function systemText(body: MessagesBody): string {
  return Array.isArray(body.system) ? body.system.map((s) => s.text).join('\n') : (body.system ?? '');
}

/** The tool asked for: forced, offered, or (no tools: the claude-code provider) named by the instructions. */
function toolNameOf(body: MessagesBody): string | undefined {
  const named = body.tool_choice?.name ?? body.tools?.[0]?.name;
  if (named) return named;
  return /input of the record_summary tool/.test(systemText(body)) ? 'record_summary' : undefined;
}

export function defaultToolInput(body: MessagesBody): unknown {
  const name = toolNameOf(body);
  const text = userText(body);
  if (name === 'record_summary') {
    return {
      request: 'The user asked for a change.',
      investigated: 'Read the relevant files.',
      learned: 'The code path is understood.',
      completed: 'Made the change.',
      next_steps: 'none',
      files_read: [],
      files_edited: [],
    };
  }
  const ids = [...text.matchAll(/<tool_call id="(\d+)" tool="([^"]*)"/g)];
  return {
    observations: ids.map((m) => ({
      id: Number(m[1]),
      type: 'discovery',
      title: `Model memory for ${m[2]} #${m[1]}`,
      subtitle: 'from the test server',
      facts: [`tool ${m[2]}`],
      narrative: 'A structured memory written by the test model.',
      concepts: ['testing'],
      files_read: [],
      files_modified: [],
    })),
  };
}
