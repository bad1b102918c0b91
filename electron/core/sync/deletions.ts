/**
 * Peers' deletions, from their tombstone to the trash. A peer deletes only rows it authored
 * (apply.ts checks that first); here:
 * - a tombstone for a row never seen here is kept (`unseen`), so the row is not added should it
 *   come later, but only UNSEEN_DAYS and at most UNSEEN_PER_PEER per peer;
 * - a tombstone for a live row waits (`pending`) until the read pass settles: the peer's deletions
 *   of that pass plus those of the last hour up to HOLD_SESSIONS sessions go to the trash; past
 *   that, all of them wait (`held`) until the user applies or rejects them;
 * - the trash keeps what was removed, as records, for TRASH_DAYS: restoring applies them again and
 *   marks the tombstone `undone`, so the same tombstone read again deletes nothing.
 * This file is the one writer of sync_tombstones and sync_trash.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  syncRecord,
  type HoldDecision,
  type SyncHold,
  type SyncRecord,
  type TombstoneRecord,
  type TrashItem,
} from '../../shared/contract/sync.js';
import { prepareForget } from '../ingest/forget.js';
import { prepareForgetObservation } from '../ingest/merge-sql.js';
import type { JobQueue } from '../jobs/queue.js';
import { RecordSource } from './records.js';

/** A peer deleting more sessions than this within HOLD_WINDOW_MS waits for the user. */
const HOLD_SESSIONS = 20;
const HOLD_WINDOW_MS = 60 * 60_000;
export const TRASH_DAYS = 30;
export const UNSEEN_DAYS = 30;
export const UNSEEN_PER_PEER = 10_000;
const DAY = 86_400_000;

type Kind = 'session' | 'observation';
interface Tomb {
  kind: Kind;
  uid: string;
  author: string | null;
  state: string;
}

/** Re-applies a trashed item's records as written by `author` (the applier, passed in). */
export type Reapply = (records: SyncRecord[], author: string) => void;

const storedRecords = z.array(syncRecord);

export class Deletions {
  private readonly st;
  private readonly src: RecordSource;
  private readonly forget;
  private readonly forgetObservation;

  constructor(
    private readonly db: Database.Database,
    machine: string,
    jobs: JobQueue,
    private readonly clock: () => number,
  ) {
    // The trash keeps rows whatever the capture settings: they are only ever read back here.
    this.src = new RecordSource(
      db,
      () => ({
        excludedPaths: [],
        redactSecrets: false,
        customRedactPatterns: [],
        sync: { projectSettings: false },
      }),
      machine,
      (value) => value,
    );
    this.forget = prepareForget(db, jobs);
    this.forgetObservation = prepareForgetObservation(db, jobs);
    this.st = prepareDeletions(db);
  }

  get(kind: Kind, uid: string): Tomb | undefined {
    return this.st.get.get(kind, uid);
  }

  /** Whether a row authored by `owner` named (kind, uid) is deleted: here, or by its author. */
  dead(kind: Kind, uid: string, owner: string): boolean {
    return this.st.dead.get(kind, uid, owner) !== undefined;
  }

  /** A peer's tombstone for a row not here; false when one is kept already. */
  unseen(rec: TombstoneRecord, peer: string): boolean {
    return this.st.add.run({ ...rec, peer, state: 'unseen', now: this.clock() }).changes > 0;
  }

  /** A peer's tombstone for its own row here: pending until `settle`; false when one is kept already. */
  pending(rec: TombstoneRecord, peer: string): boolean {
    const t = this.get(rec.kind, rec.uid);
    if (t && t.state !== 'unseen') return false;
    this.st.put.run({ ...rec, peer, state: 'pending', now: this.clock() });
    return true;
  }

  /** Settles the pending tombstones, per peer: to the trash, or held past the threshold. */
  settle(): void {
    const now = this.clock();
    this.db.transaction(() => {
      for (const p of this.st.pendingByPeer.all()) {
        const recent = this.st.recentAuto.get(p.peer, now - HOLD_WINDOW_MS)!.n;
        if (p.held > 0 || p.sessions + recent > HOLD_SESSIONS) this.st.hold.run(p.peer);
        else for (const t of this.st.open.all('pending', p.peer)) this.remove(t, p.peer, now, false);
      }
    })();
  }

  /** The user's decision on a peer's held deletions; false when none are held. */
  decide(peer: string, decision: HoldDecision): boolean {
    const now = this.clock();
    return this.db.transaction(() => {
      const held = this.st.open.all('held', peer);
      for (const t of held)
        if (decision === 'apply') this.remove(t, peer, now, true);
        else this.st.setState.run('rejected', t.kind, t.uid);
      return held.length > 0;
    })();
  }

  /** Moves a row to the trash (when it is still here) and marks its tombstone done. */
  private remove(t: Tomb, peer: string, now: number, asked: boolean): void {
    this.st.setState.run('done', t.kind, t.uid);
    const item = t.kind === 'session' ? this.sessionItem(t.uid) : this.observationItem(t.uid);
    if (!item) return;
    this.st.trash.run({ ...item, kind: t.kind, uid: t.uid, peer, now, asked: asked ? 1 : 0 });
    item.forget();
  }

  private sessionItem(uid: string) {
    const id = this.st.sessionId.get(uid)?.id;
    const s = id === undefined ? undefined : this.src.session(id);
    if (!s) return null;
    const records = [
      this.src.sessionRecord(s),
      ...this.src.promptRecords(s),
      ...this.src.observationRecords(s),
      ...this.src.summaryRecords(s),
    ];
    return {
      project: s.project,
      title: s.first_prompt?.slice(0, 200) ?? null,
      records: JSON.stringify(records),
      forget: () => void this.forget.session(s.id),
    };
  }

  private observationItem(uid: string) {
    const id = this.st.observationId.get(uid)?.id;
    const hit = id === undefined ? null : this.src.observationById(id);
    if (!hit || id === undefined) return null;
    return {
      project: hit.session.project,
      title: hit.record.title?.slice(0, 200) ?? hit.record.toolName,
      // Its session first, so a restore finds it (or makes a stub of it) as the peer's.
      records: JSON.stringify([this.src.sessionRecord(hit.session), hit.record]),
      forget: () => void this.forgetObservation(id),
    };
  }

  /** Restores a trashed item (inside one transaction); false when there is no such item. */
  restore(id: number, reapply: Reapply): boolean {
    return this.db.transaction(() => {
      const item = this.st.trashItem.get(id);
      if (!item) return false;
      this.st.setState.run('undone', item.kind, item.uid);
      reapply(storedRecords.parse(JSON.parse(item.records)), item.peer);
      this.st.untrash.run(id);
      return true;
    })();
  }

  /** Empties the trash past TRASH_DAYS; drops unseen tombstones past UNSEEN_DAYS or the per-peer cap. */
  expire(): void {
    const now = this.clock();
    this.db.transaction(() => {
      this.st.expireTrash.run(now - TRASH_DAYS * DAY);
      this.st.expireUnseen.run(now - UNSEEN_DAYS * DAY);
      for (const { peer } of this.st.unseenPeers.all()) this.st.capUnseen.run({ peer, cap: UNSEEN_PER_PEER });
    })();
  }

  holds(): SyncHold[] {
    return this.st.holds.all();
  }

  trash(limit = 50): { count: number; items: TrashItem[] } {
    const items = this.st.trashList
      .all(limit)
      .map((r) => ({ ...r, expiresAt: r.trashedAt + TRASH_DAYS * DAY }));
    return { count: this.st.trashCount.get()!.n, items };
  }
}

function prepareDeletions(db: Database.Database) {
  const TOMB = 'kind, uid, author, state';
  const ADD = `INSERT INTO sync_tombstones (kind, uid, author, deleted_at, state, owner, received_at)
    VALUES (@kind, @uid, @peer, @at, @state, @peer, @now)`;
  return {
    get: db.prepare<[string, string], Tomb>(`SELECT ${TOMB} FROM sync_tombstones WHERE kind = ? AND uid = ?`),
    dead: db.prepare<[string, string, string], { n: number }>(
      `SELECT 1 AS n FROM sync_tombstones WHERE kind = ? AND uid = ? AND state IN ('done', 'unseen')
         AND (author IS NULL OR author = ?)`,
    ),
    add: db.prepare<[Record<string, unknown>]>(`${ADD} ON CONFLICT DO NOTHING`),
    put: db.prepare<[Record<string, unknown>]>(
      `${ADD} ON CONFLICT (kind, uid) DO UPDATE SET author = excluded.author, deleted_at = excluded.deleted_at,
         state = excluded.state, owner = excluded.owner, received_at = excluded.received_at`,
    ),
    setState: db.prepare<[string, string, string]>(
      'UPDATE sync_tombstones SET state = ? WHERE kind = ? AND uid = ?',
    ),
    hold: db.prepare<[string]>(
      "UPDATE sync_tombstones SET state = 'held' WHERE state = 'pending' AND author = ?",
    ),
    open: db.prepare<[string, string], Tomb>(
      `SELECT ${TOMB} FROM sync_tombstones WHERE state = ? AND author = ?`,
    ),
    pendingByPeer: db.prepare<[], { peer: string; sessions: number; held: number }>(
      `SELECT author AS peer, sum(kind = 'session') AS sessions,
         (SELECT count(*) FROM sync_tombstones h WHERE h.state = 'held' AND h.author = t.author) AS held
       FROM sync_tombstones t WHERE state = 'pending' GROUP BY author`,
    ),
    recentAuto: db.prepare<[string, number], { n: number }>(
      "SELECT count(*) AS n FROM sync_trash WHERE peer = ? AND trashed_at >= ? AND kind = 'session' AND asked = 0",
    ),
    sessionId: db.prepare<[string], { id: number }>('SELECT id FROM sessions WHERE claude_session_id = ?'),
    observationId: db.prepare<[string], { id: number }>('SELECT id FROM observations WHERE uid = ?'),
    trash: db.prepare<[Record<string, unknown>]>(
      `INSERT INTO sync_trash (kind, uid, peer, project, title, trashed_at, asked, records)
       VALUES (@kind, @uid, @peer, @project, @title, @now, @asked, @records)`,
    ),
    trashItem: db.prepare<[number], { kind: Kind; uid: string; peer: string; records: string }>(
      'SELECT kind, uid, peer, records FROM sync_trash WHERE id = ?',
    ),
    untrash: db.prepare<[number]>('DELETE FROM sync_trash WHERE id = ?'),
    expireTrash: db.prepare<[number]>('DELETE FROM sync_trash WHERE trashed_at < ?'),
    expireUnseen: db.prepare<[number]>(
      "DELETE FROM sync_tombstones WHERE state = 'unseen' AND received_at < ?",
    ),
    unseenPeers: db.prepare<[], { peer: string }>(
      "SELECT DISTINCT author AS peer FROM sync_tombstones WHERE state = 'unseen'",
    ),
    capUnseen: db.prepare<[{ peer: string; cap: number }]>(
      `DELETE FROM sync_tombstones WHERE state = 'unseen' AND author = @peer AND rowid <= (
         SELECT rowid FROM sync_tombstones WHERE state = 'unseen' AND author = @peer
         ORDER BY rowid DESC LIMIT 1 OFFSET @cap)`,
    ),
    holds: db.prepare<[], SyncHold>(
      `SELECT author AS machine, sum(kind = 'session') AS sessions, sum(kind = 'observation') AS observations,
         min(received_at) AS since FROM sync_tombstones WHERE state = 'held' GROUP BY author ORDER BY author`,
    ),
    trashCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sync_trash'),
    trashList: db.prepare<[number], Omit<TrashItem, 'expiresAt'>>(
      `SELECT id, kind, uid, peer AS machine, project, title, trashed_at AS trashedAt FROM sync_trash
       ORDER BY id DESC LIMIT ?`,
    ),
  };
}
