/** Builds the observation row the ingest statements insert, from a tool call and its rule extraction. */
import type { ObservationInsert } from './observations-repo.js';
import type { SessionRecord } from './statements.js';
import type { StructuredFields } from './types.js';

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));
const listJson = (v: string[] | undefined): string | null => (v ? JSON.stringify(v) : null);

/** A tool call as the Ingestor handles it (from PostToolUse/PostToolUseFailure or the claude-mem-compatible API). */
export interface ToolCall {
  claudeSessionId: string;
  project: string;
  cwd: string | null;
  transcriptPath: unknown;
  toolName: string;
  toolInput: unknown;
  toolResponse: unknown;
  toolUseId: string | undefined;
  failed: boolean;
  at: number;
  /** The assistant's own words with this call (from the transcript), already cleaned. */
  said?: string | null;
}

/** "Claude: <what the assistant said>", bounded; null when there is nothing to say. */
export function saidNarrative(said: string | null | undefined, max = 1_200): string | null {
  if (!said || said.trim() === '') return null;
  const one = said.replace(/\s+/g, ' ').trim();
  return `Claude: ${one.length <= max ? one : `${one.slice(0, max - 1)}…`}`;
}

/**
 * Raw input/response as JSON text, the rule-based fields when the extractor produced them, and the
 * status: `pending` while an LLM job will refine it (or nothing structured it yet), else `processed`.
 */
export function observationInsert(
  s: SessionRecord,
  o: ToolCall,
  x: StructuredFields | null,
  wantsLlm: boolean,
): ObservationInsert {
  return {
    sessionId: s.id,
    promptNumber: s.promptCounter,
    toolName: o.toolName,
    toolUseId: o.toolUseId ?? null,
    toolInput: json(o.toolInput),
    toolResponse: json(o.toolResponse),
    failed: o.failed,
    cwd: o.cwd,
    createdAt: o.at,
    type: x?.type ?? null,
    title: x?.title ?? null,
    subtitle: x?.subtitle ?? null,
    facts: listJson(x?.facts),
    narrative: x?.narrative ?? saidNarrative(o.said),
    concepts: listJson(x?.concepts),
    filesRead: listJson(x?.filesRead),
    filesModified: listJson(x?.filesModified),
    producedBy: x ? 'rules' : null,
    status: wantsLlm ? 'pending' : x ? 'processed' : 'pending',
  };
}
