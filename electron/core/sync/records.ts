/**
 * Rows → records (electron/shared/contract/sync.ts): what leaves the machine, for export and for
 * sync. Sessions of projects whose capture is off, or whose folder matches `excludedPaths`, never
 * leave; every text is cleaned again as it leaves, with the rules in force then (outgoing.ts).
 * Observations get their stable uid here, the first time they leave.
 */
import type Database from 'better-sqlite3';
import type {
  ObservationRecord,
  ProjectRecord,
  PromptRecord,
  SessionRecord,
  SummaryRecord,
  TombstoneRecord,
} from '../../shared/contract/sync.js';
import { isPathExcluded } from '../ingest/exclude.js';
import { prepareGiveUids } from '../ingest/merge-sql.js';
import type { Settings } from '../../shared/contract/settings.js';
import { Outgoing, type Clean } from './outgoing.js';
import {
  OBSERVATION_COLUMNS,
  observationRow,
  SESSION_COLS,
  type ObservationRow,
  type ObservationSqlRow,
  type SessionSqlRow,
} from './rows.js';

/** The settings records read: excluded paths, whether project toggles sync, how text is cleaned. */
export type RecordSettings = Pick<Settings, 'excludedPaths' | 'redactSecrets' | 'customRedactPatterns'> & {
  sync: Pick<Settings['sync'], 'projectSettings'>;
};

export class RecordSource {
  private readonly st;
  private disabled: Set<string> | null = null;
  /** Text as it leaves: cleaned with the rules in force now. */
  readonly out: Outgoing;

  constructor(
    private readonly db: Database.Database,
    private readonly settings: () => RecordSettings,
    /** This machine's id: a session without origin was captured here. */
    private readonly machine: string,
    /** The core's cleaning pass (Ingestor.clean): privacy tags, secrets, with the settings in force. */
    clean: Clean,
  ) {
    this.out = new Outgoing(clean, settings);
    this.st = {
      disabled: db.prepare<[], { name: string }>('SELECT name FROM projects WHERE capture_enabled = 0'),
      session: db.prepare<[number], SessionSqlRow>(`SELECT ${SESSION_COLS} FROM sessions WHERE id = ?`),
      prompts: db.prepare<
        [number],
        { prompt_number: number; prompt: string; source_uuid: string | null; created_at: number }
      >(
        'SELECT prompt_number, prompt, source_uuid, created_at FROM user_prompts WHERE session_id = ? ORDER BY prompt_number',
      ),
      prompt: db.prepare<
        [number],
        {
          session_id: number;
          prompt_number: number;
          prompt: string;
          source_uuid: string | null;
          created_at: number;
        }
      >('SELECT session_id, prompt_number, prompt, source_uuid, created_at FROM user_prompts WHERE id = ?'),
      giveUids: prepareGiveUids(db),
      observations: db.prepare<[number], ObservationSqlRow>(
        `SELECT ${OBSERVATION_COLUMNS} FROM observations WHERE session_id = ? ORDER BY id`,
      ),
      observation: db.prepare<[number], ObservationSqlRow>(
        `SELECT ${OBSERVATION_COLUMNS} FROM observations WHERE id = ?`,
      ),
      summary: db.prepare<[number], Record<string, string | number | null>>(
        'SELECT * FROM session_summaries WHERE session_id = ?',
      ),
      summaryById: db.prepare<[number], Record<string, string | number | null>>(
        'SELECT * FROM session_summaries WHERE id = ?',
      ),
      tombstone: db.prepare<[number], { kind: 'session' | 'observation'; uid: string; deleted_at: number }>(
        'SELECT kind, uid, deleted_at FROM sync_tombstones WHERE rowid = ? AND author IS NULL AND owner IS NULL',
      ),
      project: db.prepare<[number], { name: string; on: number; at: number }>(
        `SELECT name, capture_enabled AS "on", capture_at AS at FROM projects
         WHERE id = ? AND capture_by IS NULL AND capture_at IS NOT NULL`,
      ),
    };
  }

  /** Call before a pass: capture toggles are read once per pass. */
  refresh(): void {
    this.disabled = new Set(this.st.disabled.all().map((r) => r.name));
  }

  /**
   * Whether a session may leave this machine (capture on for its project, its folder not excluded).
   * `includeCaptureOff` is an export's explicit choice only: sync never passes it.
   */
  mayLeave(s: Pick<SessionSqlRow, 'project' | 'cwd'>, includeCaptureOff = false): boolean {
    if (!includeCaptureOff && this.captureOff(s)) return false;
    const globs = this.settings().excludedPaths;
    return !(s.cwd && globs.length > 0 && isPathExcluded(s.cwd, globs));
  }

  /** Whether the session's project has capture off now. */
  captureOff(s: Pick<SessionSqlRow, 'project'>): boolean {
    if (!this.disabled) this.refresh();
    return this.disabled!.has(s.project);
  }

  session(id: number): SessionSqlRow | undefined {
    return this.st.session.get(id);
  }

  sessionRecord(s: SessionSqlRow): SessionRecord {
    return {
      k: 'session',
      uid: s.claude_session_id,
      origin: s.origin ?? this.machine,
      project: s.project,
      cwd: s.cwd,
      firstPrompt: this.out.text(s.first_prompt),
      promptCounter: s.prompt_counter,
      status: s.status,
      completionReason: s.completion_reason,
      startedAt: s.started_at,
      updatedAt: s.updated_at,
      completedAt: s.completed_at,
    };
  }

  promptRecords(s: SessionSqlRow): PromptRecord[] {
    return this.st.prompts.all(s.id).map((p) => ({
      k: 'prompt',
      session: s.claude_session_id,
      project: s.project,
      number: p.prompt_number,
      prompt: this.out.text(p.prompt),
      sourceUuid: p.source_uuid,
      createdAt: p.created_at,
    }));
  }

  /** One prompt by row id, with its session (null when it may not leave). */
  promptById(id: number): { session: SessionSqlRow; record: PromptRecord } | null {
    const p = this.st.prompt.get(id);
    const s = p && this.session(p.session_id);
    if (!p || !s) return null;
    return {
      session: s,
      record: {
        k: 'prompt',
        session: s.claude_session_id,
        project: s.project,
        number: p.prompt_number,
        prompt: this.out.text(p.prompt),
        sourceUuid: p.source_uuid,
        createdAt: p.created_at,
      },
    };
  }

  private observationRecord(s: SessionSqlRow, o: ObservationRow): ObservationRecord {
    return {
      k: 'observation',
      // Every row that leaves has its uid: giveUids runs before a row is read.
      uid: o.uid as string,
      session: s.claude_session_id,
      project: s.project,
      promptNumber: o.promptNumber,
      toolName: o.toolName,
      toolUseId: o.toolUseId,
      toolInput: this.out.json(o.toolInput),
      toolResponse: this.out.json(o.toolResponse),
      failed: o.failed,
      cwd: o.cwd,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
      type: o.type,
      title: this.out.text(o.title),
      subtitle: this.out.text(o.subtitle),
      facts: this.out.json(o.facts),
      narrative: this.out.text(o.narrative),
      concepts: this.out.json(o.concepts),
      filesRead: this.out.json(o.filesRead),
      filesModified: this.out.json(o.filesModified),
      producedBy: o.producedBy,
      status: o.status,
    };
  }

  observationRecords(s: SessionSqlRow): ObservationRecord[] {
    this.st.giveUids(s.claude_session_id, s.id);
    return this.st.observations.all(s.id).map((o) => this.observationRecord(s, observationRow(o)));
  }

  observationById(id: number): { session: SessionSqlRow; record: ObservationRecord } | null {
    let o = this.st.observation.get(id);
    const s = o && this.session(o.sessionId);
    if (!o || !s) return null;
    if (o.uid === null) {
      this.st.giveUids(s.claude_session_id, s.id);
      o = this.st.observation.get(id)!;
    }
    return { session: s, record: this.observationRecord(s, observationRow(o)) };
  }

  private summaryRecord(s: SessionSqlRow, r: Record<string, string | number | null>): SummaryRecord {
    const t = (k: string): string | null => this.out.text((r[k] as string | null) ?? null);
    const j = (k: string): string | null => this.out.json((r[k] as string | null) ?? null);
    return {
      k: 'summary',
      session: s.claude_session_id,
      project: s.project,
      promptNumber: Number(r.prompt_number ?? 0),
      request: t('request'),
      investigated: t('investigated'),
      learned: t('learned'),
      completed: t('completed'),
      nextSteps: t('next_steps'),
      filesRead: j('files_read'),
      filesEdited: j('files_edited'),
      notes: t('notes'),
      producedBy: (r.produced_by as string | null) ?? null,
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    };
  }

  summaryRecords(s: SessionSqlRow): SummaryRecord[] {
    const r = this.st.summary.get(s.id);
    return r ? [this.summaryRecord(s, r)] : [];
  }

  summaryById(id: number): { session: SessionSqlRow; record: SummaryRecord } | null {
    const r = this.st.summaryById.get(id);
    const s = r && this.session(Number(r.session_id));
    return r && s ? { session: s, record: this.summaryRecord(s, r) } : null;
  }

  /** A capture toggle made on this machine, when project settings sync (null otherwise). */
  projectById(id: number): ProjectRecord | null {
    const p = this.settings().sync.projectSettings ? this.st.project.get(id) : undefined;
    return p ? { k: 'project', name: p.name, captureEnabled: p.on === 1, at: p.at } : null;
  }

  /**
   * A deletion made on this machine of a row authored here (null for one a peer made, and for this
   * machine's deletion of a peer's row: that stays this machine's decision).
   */
  tombstoneById(rowid: number): TombstoneRecord | null {
    const t = this.st.tombstone.get(rowid);
    return t ? { k: 'tombstone', kind: t.kind, uid: t.uid, at: t.deleted_at } : null;
  }
}
