/**
 * Transcript reconciliation's writes, by the owner of sessions, prompts, observations and events:
 * a prompt linked to its transcript line, a prompt the hooks missed (with the event it stands for),
 * a call's prompt number, the assistant's words added to a stored call. Runs in the caller's
 * transaction (capture/reconcile.ts).
 */
import type Database from 'better-sqlite3';
import { EventsRepo } from './events-repo.js';
import { ObservationsRepo } from './observations-repo.js';
import { PromptsRepo } from './prompts-repo.js';
import { saidNarrative } from './rows.js';
import { SessionsRepo } from './sessions-repo.js';

export function prepareGapFill(db: Database.Database, cleanText: (t: string) => string) {
  const prompts = PromptsRepo.of(db);
  const events = EventsRepo.of(db);
  const sessions = SessionsRepo.of(db);
  const obs = ObservationsRepo.of(db);
  return {
    /** Records which transcript line a stored prompt came from. */
    linkPrompt(sessionDbId: number, promptNumber: number, uuid: string): void {
      prompts.linkSource(sessionDbId, promptNumber, uuid);
    },
    /** A prompt only the transcript has: the prompt row, its event, the session's counters. */
    addPrompt(p: {
      sessionDbId: number;
      claudeSessionId: string;
      n: number;
      text: string;
      uuid: string;
      at: number;
    }): void {
      const row = {
        sessionId: p.sessionDbId,
        promptNumber: p.n,
        prompt: p.text,
        sourceUuid: p.uuid,
        createdAt: p.at,
      };
      if (!prompts.insert(row)) return;
      const payload = JSON.stringify({ session_id: p.claudeSessionId, prompt: p.text, source_uuid: p.uuid });
      events.insertTranscriptPrompt(p.claudeSessionId, payload, `transcript:prompt:${p.uuid}`, p.at);
      sessions.countTranscriptPrompt(p.sessionDbId, p.n, p.text, p.at);
    },
    setPromptNumber(observationId: number, promptNumber: number): void {
      obs.setPromptNumber(observationId, promptNumber);
    },
    /** Adds the assistant's words (cleaned here) to a stored call's narrative, after what it holds. */
    addWords(sessionDbId: number, toolUseId: string, said: string): void {
      const words = saidNarrative(cleanText(said));
      if (words) obs.addWords(sessionDbId, toolUseId, words);
    },
  };
}

export type GapFill = ReturnType<typeof prepareGapFill>;
