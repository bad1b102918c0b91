/**
 * What MemTray sends to the model. The instructions and the tool schemas are stable (identical in
 * every request) and come first, so they are cached with `cache_control`; the variable part (the
 * tool calls) follows in the user message.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { COMPRESSION_TYPES } from '../../shared/contract/observations.js';

const OBSERVE_TOOL = 'record_observations';
const SUMMARY_TOOL = 'record_summary';

const strList = { type: 'array', items: { type: 'string' } } as const;

export const OBSERVE_TOOL_DEF: Anthropic.Tool = {
  name: OBSERVE_TOOL,
  description: 'Record one structured memory per tool call, keyed by the id given in the input.',
  input_schema: {
    type: 'object',
    required: ['observations'],
    properties: {
      observations: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'type', 'title', 'facts', 'narrative', 'concepts', 'files_read', 'files_modified'],
          properties: {
            id: { type: 'integer', description: 'The id attribute of the <tool_call> element.' },
            type: { type: 'string', enum: [...COMPRESSION_TYPES] },
            title: { type: 'string', description: 'At most 80 characters, what happened.' },
            subtitle: { type: 'string', description: 'At most 120 characters, the key detail.' },
            facts: { ...strList, description: '1-5 short, self-contained, verifiable facts.' },
            narrative: { type: 'string', description: '1-3 sentences: why it matters for later work.' },
            concepts: { ...strList, description: '1-5 lowercase tags (e.g. auth, testing, sqlite).' },
            files_read: strList,
            files_modified: strList,
          },
        },
      },
    },
  },
};

export const SUMMARY_TOOL_DEF: Anthropic.Tool = {
  name: SUMMARY_TOOL,
  description: 'Record the summary of a Claude Code session so far.',
  input_schema: {
    type: 'object',
    required: ['request', 'investigated', 'learned', 'completed', 'next_steps'],
    properties: {
      request: { type: 'string', description: 'What the user asked for.' },
      investigated: { type: 'string', description: 'What was looked at.' },
      learned: { type: 'string', description: 'What was learned about the code or the problem.' },
      completed: { type: 'string', description: 'What was done.' },
      next_steps: { type: 'string', description: 'What remains, or "none".' },
      notes: { type: 'string' },
      files_read: strList,
      files_edited: strList,
    },
  },
};

export const OBSERVE_INSTRUCTIONS = `You are MemTray's memory compressor. MemTray gives Claude Code a long-term memory: it records the
tool calls of coding sessions and turns each one into a short structured memory that a later session
can search and trust. You receive a batch of tool calls from one session, each in a
<tool_call id="N" tool="NAME" failed="true|false"> element holding a JSON object {input, response}.
Long values were truncated in the middle ("…[N chars omitted]…"); secrets appear as [REDACTED:kind].

Call the ${OBSERVE_TOOL} tool exactly once, with one entry per tool call, using the same id.
Never answer in prose. Rules for each entry:
- type: one of ${COMPRESSION_TYPES.join(', ')}. bugfix = a defect was fixed; feature = new behaviour;
  refactor = structure changed without behaviour change; change = other modification; discovery =
  something was read, searched or learned; decision = a choice was made; test / build = tests or a
  build ran; command = another shell command; failure = the call failed; delegation = a subagent ran.
- title: at most 80 characters, specific (name the file, function, command or finding), no filler.
- subtitle: optional, at most 120 characters.
- facts: 1 to 5 short statements that are true from the call itself (paths, names, counts, results,
  exit status, error messages). No speculation.
- narrative: 1 to 3 sentences on what happened and why it may matter later.
- concepts: 1 to 5 lowercase tags naming topics (e.g. "authentication", "sqlite", "ci").
- files_read / files_modified: absolute paths as given; empty lists when none.
Do not copy secrets, tokens or [REDACTED:…] markers into the memory. Do not invent files.`;

export const SUMMARY_INSTRUCTIONS = `You are MemTray's session summarizer. You receive what a Claude Code session did so far: the
user's prompts, the memories recorded from its tool calls, and the assistant's last message. Call
the ${SUMMARY_TOOL} tool exactly once. Never answer in prose. Each field is 1 to 4 plain sentences:
request (what the user asked), investigated (what was looked at), learned (facts about the code or
the problem), completed (what was done, with file names), next_steps (what remains, or "none").
Add files_read and files_edited (paths seen in the memories) and optional notes. Do not copy
secrets or [REDACTED:…] markers.`;

/** System blocks: stable instructions, cached (the tool definitions before them are cached too). */
export function systemBlocks(text: string, cache: boolean): Anthropic.TextBlockParam[] {
  return [{ type: 'text', text, ...(cache ? { cache_control: { type: 'ephemeral' as const } } : {}) }];
}

const escapeAttr = (s: string): string => s.replace(/[<>"&]/g, '_');

export function toolCallElement(id: number, tool: string, failed: boolean, body: unknown): string {
  return `<tool_call id="${id}" tool="${escapeAttr(tool)}" failed="${failed}">\n${JSON.stringify(body)}\n</tool_call>`;
}
