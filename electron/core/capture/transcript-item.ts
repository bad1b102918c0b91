/**
 * What the transcript reader (./transcript.ts) makes of a transcript line: a prompt, a tool call, a
 * reply or a compaction summary. Apart from the reader so the helpers that read an item's words
 * (./transcript-words.ts) do not import the reader.
 */
export interface TranscriptPrompt {
  kind: 'prompt';
  uuid: string;
  sessionId: string;
  cwd: string | null;
  text: string;
  at: number;
}

export interface TranscriptToolCall {
  kind: 'tool';
  toolUseId: string;
  sessionId: string;
  cwd: string | null;
  name: string;
  input: unknown;
  response: unknown;
  failed: boolean;
  at: number;
  /** Set for calls made inside a subagent (sidechain). */
  agentId: string | null;
  /** The assistant's own words in the message that made the call (main chain only; bounded). */
  said: string | null;
}

/** A text block the assistant wrote in the main chain (what it said, the turn's final answer). */
interface TranscriptReply {
  kind: 'reply';
  uuid: string;
  sessionId: string;
  text: string;
  at: number;
}

/** Claude Code's `isCompactSummary` user message: an LLM-written summary of the session so far. */
export interface TranscriptCompaction {
  kind: 'compaction';
  uuid: string;
  sessionId: string;
  cwd: string | null;
  text: string;
  at: number;
}

export type TranscriptItem = TranscriptPrompt | TranscriptToolCall | TranscriptReply | TranscriptCompaction;
