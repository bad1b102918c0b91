/**
 * A prompt that answers the assistant's question ("Want me to skip the hook or fix the issues?" →
 * "fix them") is a decision: the question (the end of the previous turn's final text) and the
 * user's choice. Short answers only; slash commands are not choices.
 */
import type Database from 'better-sqlite3';
import { upsertMemory } from './rows.js';
import { clip } from './text.js';

const MAX_ANSWER = 300;

/** The last question the text asks (its last sentence with a '?'), or null. */
export function lastQuestion(text: string): string | null {
  const tail = text.slice(-1_500);
  const sentences = tail.split(/(?<=[.!?:])\s+|\n+/).map((s) => s.trim());
  for (let i = sentences.length - 1; i >= 0 && i >= sentences.length - 4; i--) {
    const s = sentences[i]!;
    if (s.endsWith('?') && s.length > 8) return s.replace(/^[-*\d.)\s]+/, '');
  }
  return null;
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
