/**
 * What a user writes or deletes, through the owner of the tables it touches: a saved memory is an
 * observation (the MCP `save_memory` tool), a deleted session takes its rows, events and jobs with it.
 * Each call is one transaction; its bus events go out after the COMMIT.
 */
import { prepareForget } from './forget.js';
import { ObservationsRepo } from './observations-repo.js';
import type { ClaudeMemIngest } from './claude-mem-api.js';
import type { Emit, IngestTx } from './tx.js';
import type { HookResult, IngestDeps } from './types.js';

/** The synthetic tool a saved memory is recorded under. */
const MEMORY_TOOL = 'memtray_memory';

export interface SavedMemory extends HookResult {
  title?: string;
}

export class UserWrites {
  private readonly forget: ReturnType<typeof prepareForget>;
  private readonly obs: ObservationsRepo;

  constructor(
    private readonly d: IngestDeps,
    private readonly claudeMem: ClaudeMemIngest,
    private readonly tx: IngestTx,
    private readonly clean: (text: string) => string,
  ) {
    this.forget = prepareForget(d.sqlite, d.jobs);
    this.obs = ObservationsRepo.of(d.sqlite);
  }

  /** A memory the user (or Claude for them) wrote: its own structured memory, no extraction job. */
  saveMemory(a: { project: string; text: string; title?: string | undefined }): SavedMemory {
    return this.tx.run((): SavedMemory => {
      const r = this.claudeMem.recordObservation({
        claudeSessionId: `memtray-memories:${a.project}`,
        project: a.project,
        toolName: MEMORY_TOOL,
        toolInput: { text: a.text, ...(a.title ? { title: a.title } : {}) },
        toolResponse: null,
      });
      if (!r.stored || r.observationId === undefined) return r;
      const text = this.clean(a.text);
      const title = this.clean(a.title ?? text.split('\n')[0]!.slice(0, 120));
      this.obs.markMemory(
        r.observationId,
        {
          type: 'memory',
          title,
          narrative: text,
          facts: JSON.stringify([text.slice(0, 500)]),
          concepts: '[]',
          filesRead: '[]',
          filesModified: '[]',
        },
        'user',
      );
      this.d.jobs.settleObserve(r.observationId);
      return { ...r, title };
    });
  }

  /** Deletes a session and everything below it; false when there is no such session. */
  deleteSession(id: number): boolean {
    return this.tx.run((emit) => this.forgetSession(id, emit));
  }

  /**
   * Deletes every memory of a project (its sessions and everything below them); each session's
   * deletion is announced as `deleteSession` does, so open lists drop its items.
   */
  deleteProjectMemories(name: string): number {
    return this.tx.run((emit) => {
      const ids = this.forget.sessionsOf(name);
      for (const id of ids) this.forgetSession(id, emit);
      emit.push(() =>
        this.d.bus.emit('project', { name, captureEnabled: this.d.projects.captureEnabled(name) !== false }),
      );
      return ids.length;
    });
  }

  /** Deletes one session inside the caller's transaction; its deletion is announced after commit. */
  private forgetSession(id: number, emit: Emit): boolean {
    const s = this.forget.session(id);
    if (s) emit.push(() => this.d.bus.emit('session', { ...s, status: 'deleted' }));
    return s !== null;
  }
}
