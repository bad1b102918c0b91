/**
 * A prompt that answers the assistant's question ("Want me to skip the hook or fix the issues?" →
 * "fix them") is a decision: the question (the end of the previous turn's final text) and the
 * user's choice. So is a short prompt that picks between options and says why ("go with SQLite
 * rather than Postgres because it is local-first"). Short prompts only; slash commands are not choices.
 */
import type Database from 'better-sqlite3';
import { upsertMemory } from '../ingest/memory-rows.js';
import { splitReason } from '../ingest/decision.js';
import { clip } from './text.js';

const MAX_ANSWER = 300;
/** Words of a prompt that picks one option over another. */
const CHOOSING =
  /\b(?:go with|going with|let's use|let's go|use|pick|picked|choose|chose|prefer|stick with|switch to|rather than|instead of|option [a-z0-9])\b/i;

/** The question the text ends with (its last sentence, when that asks something), or null. */
export function lastQuestion(text: string): string | null {
  const sentences = text
    .slice(-1_500)
    .split(/(?<=[.!?:])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const last = sentences[sentences.length - 1];
  return last && last.endsWith('?') && last.length > 8 ? last.replace(/^[-*\d.)\s]+/, '') : null;
}

export function writeChoice(
  db: Database.Database,
  c: {
    sessionId: number;
    claudeSessionId: string;
    promptNumber: number;
    prompt: string;
    previousFinal: string | null;
    at: number;
    cwd: string | null;
  },
  now: number,
): { title: string | null; reason: string | null; written: boolean } {
  const none = { title: null, reason: null, written: false };
  const answer = c.prompt.trim();
  if (answer === '' || answer.length > MAX_ANSWER || answer.startsWith('/')) return none;
  const question = c.previousFinal ? lastQuestion(c.previousFinal) : null;
  const { choice, reason } = splitReason(answer);
  // Without a question to answer, a prompt is a choice only when it picks and says why.
  if (!question && !(reason && CHOOSING.test(choice))) return none;
  const title = clip(`Decided: ${clip(choice, 70)}${question ? ` (${clip(question, 45)})` : ''}`, 120);
  const id = upsertMemory(
    db,
    {
      sessionId: c.sessionId,
      promptNumber: c.promptNumber,
      type: 'decision',
      key: `decision:${c.claudeSessionId}:${c.promptNumber}`,
      cwd: c.cwd,
      createdAt: c.at,
      title,
      subtitle: clip(reason ?? question ?? answer, 200),
      facts: [
        ...(question ? [`question: ${clip(question, 200)}`] : []),
        `answer: ${clip(answer, 200)}`,
        ...(reason ? [`reason: ${clip(reason, 200)}`] : []),
      ],
      narrative: [
        reason ? `Chose: ${clip(choice, 200)} — ${clip(reason, 300)}` : '',
        question && c.previousFinal ? `Question: ${clip(c.previousFinal.slice(-1_200), 800)}` : '',
        `Answer: ${clip(answer, MAX_ANSWER)}`,
      ]
        .filter((x) => x !== '')
        .join('\n'),
    },
    now,
  );
  return { title, reason, written: id !== null };
}
