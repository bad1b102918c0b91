/**
 * What a transcript line says beyond prompts and tool calls: the assistant's own words (main-chain
 * text blocks) and Claude Code's compaction summary. Used by the reader (`transcript.ts`).
 */
import type { TranscriptItem } from './transcript-item.js';
import { isRecord } from '../util/json-text.js';

type Rec = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Bounds on what the reader keeps of assistant text and compaction summaries (characters). */
export const SAID_MAX = 4_000;
const COMPACTION_MAX = 32_000;

/** The summary text of a compaction line (`isCompactSummary`), or null. */
export function compactionText(line: Rec): string | null {
  if (line.isCompactSummary !== true || line.isSidechain === true || !isRecord(line.message)) return null;
  const c = line.message.content;
  const text =
    typeof c === 'string'
      ? c
      : Array.isArray(c)
        ? c
            .filter((b): b is Rec => isRecord(b) && b.type === 'text' && typeof b.text === 'string')
            .map((b) => b.text as string)
            .join('\n')
        : '';
  const t = text.trim();
  return t === '' ? null : t.slice(0, COMPACTION_MAX);
}

/**
 * The main-chain text blocks of an assistant line: recorded as a reply, and accumulated per message
 * id (Claude Code writes one line per content block), so the tool calls of that message carry them.
 * Returns what the message has said so far, or null.
 */
export function assistantText(
  line: Rec,
  msg: Rec,
  into: { byMessage: Map<string, string>; items: TranscriptItem[] },
  { sessionId, at }: { sessionId: string; at: number },
): string | null {
  const { byMessage, items } = into;
  // Claude Code's own stand-ins ("No response requested.", API errors) are not the assistant's words.
  if (msg.model === '<synthetic>' || line.isApiErrorMessage === true) return null;
  const id = str(msg.id) ?? str(line.uuid) ?? '';
  const parts: string[] = [];
  for (const b of msg.content as unknown[]) {
    if (isRecord(b) && b.type === 'text' && typeof b.text === 'string' && b.text.trim() !== '')
      parts.push(b.text.trim());
  }
  if (parts.length > 0) {
    const text = parts.join('\n').slice(0, SAID_MAX);
    items.push({ kind: 'reply', uuid: str(line.uuid) ?? `${id}:${at}`, sessionId, text, at });
    const prev = byMessage.get(id);
    byMessage.set(id, prev ? `${prev}\n${text}`.slice(0, SAID_MAX) : text);
    // Bounded: only recent messages can still have tool calls to come.
    if (byMessage.size > 256) byMessage.delete(byMessage.keys().next().value!);
  }
  return byMessage.get(id) ?? null;
}
