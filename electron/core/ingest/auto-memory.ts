/**
 * Claude Code's own auto memory (`~/.claude/projects/<project>/memory/*.md`) as memories: one
 * observation per note file, in one session per machine and project
 * (`claude-auto-memory:<machine>:<project>`: a peer's notes arrive by sync as its own session), under the
 * tool `claude_auto_memory` with the file as its tool-use id. A changed file replaces its row; a
 * deleted file takes its row and its event with it. The capture gate (paused, project switched off,
 * excluded folder) and the cleaning (private tags, redaction) apply as to any captured text.
 */
import { EventsRepo } from './events-repo.js';
import { ObservationsRepo } from './observations-repo.js';
import type { ClaudeMemIngest } from './claude-mem-api.js';
import type { IngestTx } from './tx.js';
import type { HookResult, IngestDeps } from './types.js';

/** The synthetic tool an auto-memory note is recorded under. */
const AUTO_MEMORY_TOOL = 'claude_auto_memory';
/** Sessions holding auto-memory notes start with this (the digest leaves them out). */
export const AUTO_MEMORY_SESSION_PREFIX = 'claude-auto-memory:';
/** A condition on `sessions`: not a session of auto-memory notes (any machine's). */
export const NOT_AUTO_MEMORY = `substr(claude_session_id, 1, ${AUTO_MEMORY_SESSION_PREFIX.length}) <> '${AUTO_MEMORY_SESSION_PREFIX}'`;
/**
 * This machine's auto-memory sessions (`s`: sessions), as a range of the sessions' unique index
 * (`claude_session_id`, no scan) and the sessions no peer wrote (a peer's arrive by sync).
 */
export const OWN_AUTO_MEMORY_SESSIONS = `s.claude_session_id >= '${AUTO_MEMORY_SESSION_PREFIX}'
  AND s.claude_session_id < '${AUTO_MEMORY_SESSION_PREFIX.slice(0, -1)};' AND s.origin IS NULL`;

export interface AutoMemoryNote {
  /** The project's folder: it names the project (as a session there would), the capture gate checks it. */
  cwd: string;
  /** The note's file (absolute path): its identity. */
  file: string;
  /** `size:mtimeMs` of the file when read: an unchanged stamp is not written again. */
  stamp: string;
  title: string;
  description: string | null;
  /** The front matter's `type` (user, feedback, project, reference), or `index` for MEMORY.md. */
  kind: string;
  body: string;
}

export type AutoMemoryResult = HookResult & { unchanged?: boolean };

/**
 * This machine's auto-memory observations, found from the sessions' unique index (a range of
 * `claude_session_id`) and then `observations(session_id, …)`: no scan of all observations.
 */
const NOTES = `FROM sessions s JOIN observations o ON o.session_id = s.id
  WHERE ${OWN_AUTO_MEMORY_SESSIONS} AND o.tool_name = '${AUTO_MEMORY_TOOL}'`;

export class AutoMemoryWrites {
  private readonly find;
  private readonly obs;
  private readonly events;
  private readonly all;

  constructor(
    private readonly d: IngestDeps,
    private readonly claudeMem: ClaudeMemIngest,
    private readonly tx: IngestTx,
    private readonly clean: (text: string) => string,
  ) {
    const q = d.sqlite;
    this.find = q.prepare<[string], { id: number; stamp: string | null; session: string }>(
      `SELECT o.id, json_extract(o.tool_input, '$.stamp') AS stamp, s.claude_session_id AS session
       ${NOTES} AND o.tool_use_id = ?`,
    );
    this.obs = ObservationsRepo.of(q);
    this.events = EventsRepo.of(q);
    // A note stored under another session name (an older one) reads as changed, so it moves.
    this.all = q.prepare<[{ prefix: string }], { file: string; stamp: string | null }>(
      `SELECT o.tool_use_id AS file,
         CASE WHEN substr(s.claude_session_id, 1, length(@prefix)) = @prefix
           THEN json_extract(o.tool_input, '$.stamp') END AS stamp
       ${NOTES} AND o.tool_use_id IS NOT NULL`,
    );
  }

  /** The stored notes: file → stamp. */
  stored(): Map<string, string | null> {
    return new Map(this.all.all({ prefix: this.sessionOf('') }).map((r) => [r.file, r.stamp]));
  }

  /** Stores a note, replacing the row of its file when the file changed. */
  upsert(n: AutoMemoryNote): AutoMemoryResult {
    return this.tx.run((): AutoMemoryResult => {
      const old = this.find.get(n.file);
      const project = this.d.projects.nameFor(n.cwd, undefined, this.d.clock());
      const session = this.sessionOf(project);
      if (old && old.stamp === n.stamp && old.session === session) return { stored: false, unchanged: true };
      if (old) this.forget(old, n.file);
      const r = this.claudeMem.recordObservation({
        claudeSessionId: session,
        project,
        cwd: n.cwd,
        toolName: AUTO_MEMORY_TOOL,
        toolUseId: n.file,
        toolInput: { file: n.file, kind: n.kind, stamp: n.stamp },
        toolResponse: null,
      });
      if (!r.stored || r.observationId === undefined) return r;
      const body = this.clean(n.body);
      const title = this.clean(n.title).slice(0, 200);
      const description = n.description === null ? null : this.clean(n.description).slice(0, 500);
      const facts = JSON.stringify([(description ?? body).slice(0, 500)]);
      this.obs.markMemory(
        r.observationId,
        {
          type: 'memory',
          title,
          subtitle: description,
          narrative: body,
          facts,
          concepts: '["auto-memory"]',
          filesRead: JSON.stringify([n.file]),
          filesModified: '[]',
        },
        'claude-auto-memory',
      );
      this.d.jobs.settleObserve(r.observationId);
      return r;
    });
  }

  /** This machine's auto-memory session of a project. */
  private sessionOf(project: string): string {
    return `${AUTO_MEMORY_SESSION_PREFIX}${this.d.machine}:${project}`;
  }

  /** Removes the note of a file that is gone; false when none was stored. */
  remove(file: string): boolean {
    return this.tx.run(() => {
      const old = this.find.get(file);
      if (!old) return false;
      this.forget(old, file);
      return true;
    });
  }

  /** The row and the event recorded with it (the event holds the note's path). */
  private forget(old: { id: number; session: string }, file: string): void {
    this.obs.remove(old.id);
    this.events.removeOfCall(old.session, file);
  }
}
