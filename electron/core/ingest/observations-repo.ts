/**
 * The one writer of the `observations` table: every INSERT, UPDATE and DELETE of an observation in
 * the core is a method here (tests/lint/table-owners.test.ts holds the rest of the code to that).
 * Row types come from `drizzle/schema.ts`; the SQL is plain better-sqlite3, prepared once per
 * connection, because the capture hot path and the compaction loops run these per row and drizzle
 * rebuilds each query per call. Callers own the transaction.
 */
import type Database from 'better-sqlite3';
import type { observations, ObservationStatus } from '../../../drizzle/schema.js';

/** An observation as stored (drizzle's camelCase names; `failed` a boolean). */
export type ObservationRow = typeof observations.$inferSelect;

/** A whole row under drizzle's names, for raw reads: `SELECT ${OBSERVATION_COLUMNS} FROM observations`. */
export const OBSERVATION_COLUMNS = `id, session_id AS sessionId, prompt_number AS promptNumber, tool_name AS toolName,
  tool_use_id AS toolUseId, tool_input AS toolInput, tool_response AS toolResponse, failed, cwd,
  created_at AS createdAt, type, title, subtitle, facts, narrative, concepts, files_read AS filesRead,
  files_modified AS filesModified, produced_by AS producedBy, status, updated_at AS updatedAt, uid`;

/** A row as raw SQL returns it (`failed` as SQLite's 0/1). */
export type ObservationSqlRow = Omit<ObservationRow, 'failed'> & { failed: number };

export const observationRow = (r: ObservationSqlRow): ObservationRow => ({ ...r, failed: r.failed === 1 });

/** A captured tool call's row: `updatedAt` starts at `createdAt`, the `uid` comes at first export. */
export type ObservationInsert = Omit<ObservationRow, 'id' | 'uid' | 'updatedAt'>;

/** A row from another machine (sync, archive import): every column but the local id. */
export type MergedObservation = Omit<ObservationRow, 'id' | 'uid'> & { uid: string };

/** Fields a remembered row (episode, decision, bugfix, compaction, built by rules) is written with. */
export type RuleMemory = Pick<
  ObservationRow,
  | 'sessionId'
  | 'promptNumber'
  | 'toolName'
  | 'toolUseId'
  | 'toolInput'
  | 'cwd'
  | 'createdAt'
  | 'type'
  | 'title'
  | 'subtitle'
  | 'facts'
  | 'narrative'
  | 'concepts'
  | 'filesRead'
  | 'filesModified'
>;

/** The structured fields written over a row by compression or by a user's own memory. */
export type MemoryFields = Pick<
  ObservationRow,
  'type' | 'title' | 'subtitle' | 'facts' | 'narrative' | 'concepts' | 'filesRead' | 'filesModified'
>;

/** A memory written by hand: its fields, the subtitle optional. */
export type HandMemory = Omit<MemoryFields, 'subtitle'> & { subtitle?: string | null };

/** One retention rewrite: the row's new `tool_response`, guarded by the length it was read with. */
export interface ResponseCompaction {
  id: number;
  value: string;
  check: number;
}

const OBS_COLS = `session_id, prompt_number, tool_name, tool_use_id, tool_input, tool_response, failed, cwd,
  created_at, updated_at, type, title, subtitle, facts, narrative, concepts, files_read, files_modified, produced_by,
  status`;

const OBS_FIELDS = `prompt_number = @promptNumber, tool_name = @toolName, tool_input = @toolInput,
  tool_response = @toolResponse, failed = @failed, cwd = @cwd, type = @type, title = @title, subtitle = @subtitle,
  facts = @facts, narrative = @narrative, concepts = @concepts, files_read = @filesRead,
  files_modified = @filesModified, produced_by = @producedBy, status = @status, updated_at = @updatedAt`;

/** A deterministic `tool_use_id` makes the write idempotent; a changed row is updated in place. */
const UPSERT_RULE_MEMORY = `INSERT INTO observations (${OBS_COLS})
  VALUES (@sessionId, @promptNumber, @toolName, @toolUseId, @toolInput, NULL, 0, @cwd, @createdAt, @now, @type,
    @title, @subtitle, @facts, @narrative, @concepts, @filesRead, @filesModified, 'rules', 'processed')
  ON CONFLICT (session_id, tool_use_id) DO UPDATE SET
    prompt_number = excluded.prompt_number, tool_input = excluded.tool_input, title = excluded.title,
    subtitle = excluded.subtitle, facts = excluded.facts, narrative = excluded.narrative,
    files_read = excluded.files_read, files_modified = excluded.files_modified, updated_at = excluded.updated_at
  WHERE title IS NOT excluded.title OR subtitle IS NOT excluded.subtitle OR facts IS NOT excluded.facts
    OR narrative IS NOT excluded.narrative OR tool_input IS NOT excluded.tool_input
    OR files_modified IS NOT excluded.files_modified OR prompt_number IS NOT excluded.prompt_number
  RETURNING id`;

/** The assistant's own words ("Claude: …", from the transcript) stay after the new narrative. */
const WRITE_STRUCTURED = `UPDATE observations SET type = @type, title = @title, subtitle = @subtitle, facts = @facts,
  narrative = CASE WHEN instr(narrative, 'Claude: ') > 0
    THEN ltrim(coalesce(@narrative, '') || char(10) || substr(narrative, instr(narrative, 'Claude: ')), char(10))
    ELSE @narrative END,
  concepts = @concepts, files_read = @filesRead, files_modified = @filesModified, produced_by = @producedBy,
  status = 'processed', updated_at = @now WHERE id = @id`;

const GIVE_UIDS = `UPDATE observations SET uid = CASE WHEN tool_use_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM observations o2 WHERE o2.uid = @cid || '/' || observations.tool_use_id)
    THEN @cid || '/' || tool_use_id ELSE lower(hex(randomblob(12))) END
  WHERE session_id = @sid AND uid IS NULL`;

const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

function prepare(db: Database.Database) {
  return {
    insertCaptured: db.prepare<
      [Record<string, unknown>],
      { id: number; title: string | null; status: ObservationStatus }
    >(
      `INSERT INTO observations (${OBS_COLS})
       VALUES (@sessionId, @promptNumber, @toolName, @toolUseId, @toolInput, @toolResponse, @failed, @cwd,
         @createdAt, @createdAt, @type, @title, @subtitle, @facts, @narrative, @concepts, @filesRead, @filesModified,
         @producedBy, @status)
       ON CONFLICT DO NOTHING RETURNING id, title, status`,
    ),
    upsertRuleMemory: db.prepare<[RuleMemory & { now: number }], { id: number }>(UPSERT_RULE_MEMORY),
    writeStructured:
      db.prepare<[MemoryFields & { id: number; producedBy: string; now: number }]>(WRITE_STRUCTURED),
    setStatus: db.prepare<[string, number, number]>(
      'UPDATE observations SET status = ?, updated_at = ? WHERE id = ?',
    ),
    markMemory: db.prepare<[Record<string, unknown>]>(
      `UPDATE observations SET type = @type, title = @title,
         subtitle = CASE WHEN @setSubtitle THEN @subtitle ELSE subtitle END, narrative = @narrative,
         facts = @facts, concepts = @concepts, files_read = @filesRead, files_modified = @filesModified,
         produced_by = @producedBy, status = 'processed' WHERE id = @id`,
    ),
    setPromptNumber: db.prepare<[number, number]>('UPDATE observations SET prompt_number = ? WHERE id = ?'),
    addWords: db.prepare<[string, number, string]>(
      `UPDATE observations SET narrative = ltrim(coalesce(narrative, '') || char(10) || ?, char(10))
       WHERE session_id = ? AND tool_use_id = ?`,
    ),
    insertMerged: db.prepare<[Record<string, unknown>]>(
      `INSERT INTO observations (${OBS_COLS}, uid)
       VALUES (@sessionId, @promptNumber, @toolName, @toolUseId, @toolInput, @toolResponse, @failed, @cwd, @createdAt,
         @updatedAt, @type, @title, @subtitle, @facts, @narrative, @concepts, @filesRead, @filesModified, @producedBy,
         @status, @uid)`,
    ),
    updateMerged: db.prepare<[Record<string, unknown>]>(
      `UPDATE observations SET ${OBS_FIELDS}, uid = coalesce(uid, @uid) WHERE id = @id`,
    ),
    setUid: db.prepare<[{ uid: string; id: number }]>(
      'UPDATE observations SET uid = @uid WHERE id = @id AND uid IS NULL AND NOT EXISTS (SELECT 1 FROM observations WHERE uid = @uid)',
    ),
    giveUids: db.prepare<[{ cid: string; sid: number }]>(GIVE_UIDS),
    compactResponse: db.prepare<[ResponseCompaction & { dropped: string }]>(
      `UPDATE observations SET tool_response = @value WHERE id = @id AND status != 'pending'
         AND length(tool_response) = @check AND tool_response NOT LIKE @dropped || '%'`,
    ),
    remove: db.prepare<[number]>('DELETE FROM observations WHERE id = ?'),
  };
}

type Statements = ReturnType<typeof prepare>;

/** The writes of `observations`, one instance (and one set of statements) per connection. */
export class ObservationsRepo {
  private constructor(private readonly s: Statements) {}

  private static readonly byDb = new WeakMap<Database.Database, ObservationsRepo>();

  static of(db: Database.Database): ObservationsRepo {
    let r = ObservationsRepo.byDb.get(db);
    if (!r) {
      r = new ObservationsRepo(prepare(db));
      ObservationsRepo.byDb.set(db, r);
    }
    return r;
  }

  /** A captured tool call; undefined when its (session, tool_use_id) is already stored. */
  insertCaptured(o: ObservationInsert) {
    return this.s.insertCaptured.get({ ...o, failed: bit(o.failed) });
  }

  /** Inserts or updates a rule-built memory; its id when something was written. */
  upsertRuleMemory(m: RuleMemory, now: number): number | null {
    return this.s.upsertRuleMemory.get({ ...m, now })?.id ?? null;
  }

  /** The structured fields compression extracted (rules or a model); the row becomes `processed`. */
  writeStructured(id: number, f: MemoryFields, producedBy: string, now: number): void {
    this.s.writeStructured.run({ ...f, id, producedBy, now });
  }

  setStatus(id: number, status: ObservationStatus, now: number): void {
    this.s.setStatus.run(status, now, id);
  }

  /**
   * Turns a just-recorded row into a memory written by hand (a user's, an agent's memory file); a
   * `subtitle` left undefined keeps the row's own.
   */
  markMemory(id: number, f: HandMemory, producedBy: string): void {
    const setSubtitle = f.subtitle === undefined ? 0 : 1;
    this.s.markMemory.run({ ...f, subtitle: f.subtitle ?? null, setSubtitle, id, producedBy });
  }

  setPromptNumber(id: number, promptNumber: number): void {
    this.s.setPromptNumber.run(promptNumber, id);
  }

  /** Adds a line to the narrative of a session's call, after what it holds. */
  addWords(sessionId: number, toolUseId: string, words: string): void {
    this.s.addWords.run(words, sessionId, toolUseId);
  }

  insertMerged(o: MergedObservation): void {
    this.s.insertMerged.run({ ...o, failed: bit(o.failed) });
  }

  /** Overwrites a row with a newer copy; keeps a uid it already has. */
  updateMerged(id: number, o: MergedObservation): void {
    this.s.updateMerged.run({ ...o, id, failed: bit(o.failed) });
  }

  /** Gives a row the uid another machine knows it by, unless it has one or another row does. */
  adoptUid(id: number, uid: string): void {
    this.s.setUid.run({ uid, id });
  }

  /** Gives a session's rows their stable uid (`<session>/<tool_use_id>`, else random). */
  giveUids(claudeSessionId: string, sessionId: number): void {
    this.s.giveUids.run({ cid: claudeSessionId, sid: sessionId });
  }

  /**
   * Replaces a settled row's raw response with a marker (retention); false when the row changed
   * since it was read or already carries a marker starting with `droppedPrefix`.
   */
  compactResponse(c: ResponseCompaction, droppedPrefix: string): boolean {
    return this.s.compactResponse.run({ ...c, dropped: droppedPrefix }).changes > 0;
  }

  /** Deletes one row; false when there is none. */
  remove(id: number): boolean {
    return this.s.remove.run(id).changes > 0;
  }
}
