/**
 * What a transcript adds beyond prompts and tool calls, gathered while reconciliation walks it: the
 * assistant's words per turn (first text, final answer), Claude Code's compaction summaries, and,
 * once the walk is done, the session's episodes and bugfixes. Texts are stripped and redacted here
 * (the Ingestor's clean), only for what is kept.
 */
import { and, eq, sql } from 'drizzle-orm';
import { observations } from '../../../drizzle/schema.js';
import type { Core } from '../core.js';
import { refreshSession, writeCompaction, type TurnWords } from '../memories/session.js';
import type { TranscriptCompaction } from './transcript.js';

export class TurnRecorder {
  private readonly words = new Map<number, { first: string; final: string }>();
  private readonly compactions: Array<{ n: number; c: TranscriptCompaction }> = [];
  private readonly turns = new Set<number>();
  /** The current turn's prompt number, or null while it is private / not recorded. */
  private current: number | null = null;
  private started = false;

  /** A prompt began turn `n` (null: a private or refused prompt, whose words are not kept). */
  prompt(n: number | null): void {
    this.started = true;
    this.current = n;
    if (n !== null) this.turns.add(n);
  }

  reply(text: string): void {
    if (this.current === null) return;
    const w = this.words.get(this.current);
    if (w) w.final = text;
    else this.words.set(this.current, { first: text, final: text });
  }

  compaction(c: TranscriptCompaction): void {
    // Before any prompt (a resumed transcript), the summary belongs to the session's first turn.
    if (this.current === null && this.started) return;
    if (this.compactions.length < 50) this.compactions.push({ n: this.current ?? 0, c });
  }

  /** Writes compactions, episodes and bugfixes of the session (inside the caller's transaction). */
  finish(core: Core, claudeSessionId: string): void {
    const s = core.read.sessionByClaudeId(claudeSessionId);
    if (!s) return;
    const now = core.clock();
    for (const { n, c } of this.compactions) {
      writeCompaction(
        core.sqlite,
        {
          sessionId: s.id,
          promptNumber: n,
          uuid: c.uuid,
          text: core.ingest.cleanText(c.text),
          at: c.at,
          cwd: s.cwd,
        },
        now,
      );
    }
    const words = new Map<number, TurnWords>();
    for (const [n, w] of this.words) {
      const first = core.ingest.cleanText(w.first);
      words.set(n, { first, final: w.final === w.first ? first : core.ingest.cleanText(w.final) });
    }
    if (this.turns.size > 0 || this.compactions.length > 0)
      refreshSession(core.sqlite, s.id, [...this.turns], words, now);
  }
}

/** The session's calls whose narrative does not carry the assistant's words yet (by tool_use_id). */
export function wordlessCalls(core: Core, sessionDbId: number): Set<string | null> {
  return new Set(
    core.db
      .select({ id: observations.toolUseId })
      .from(observations)
      .where(
        and(
          eq(observations.sessionId, sessionDbId),
          sql`(${observations.narrative} IS NULL OR instr(${observations.narrative}, 'Claude: ') = 0)`,
        ),
      )
      .all()
      .map((r) => r.id),
  );
}
