/**
 * A prompt that answers the assistant's question ("Want me to skip the hook or fix the issues?" →
 * "fix them") is a decision: the question (the end of the previous turn's final text) and the
 * user's choice. Short answers only; slash commands are not choices.
 */
import type Database from 'better-sqlite3';
import { upsertMemory } from './rows.js';
import { clip } from './text.js';

const MAX_ANSWER = 300;

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
): { title: string | null; written: boolean } {
  const none = { title: null, written: false };
  const answer = c.prompt.trim();
  if (!c.previousFinal || answer === '' || answer.length > MAX_ANSWER || answer.startsWith('/')) return none;
  const question = lastQuestion(c.previousFinal);
  if (!question) return none;
  const title = clip(`Decided: ${clip(answer, 70)} (${clip(question, 45)})`, 120);
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
      subtitle: clip(question, 200),
      facts: [`question: ${clip(question, 200)}`, `answer: ${clip(answer, 200)}`],
      narrative: `Question: ${clip(c.previousFinal.slice(-1_200), 800)}\nAnswer: ${clip(answer, MAX_ANSWER)}`,
    },
    now,
  );
  return { title, written: id !== null };
}
