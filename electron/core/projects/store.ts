/**
 * The one writer of the `projects` table: a project's identity and shown name, its capture switch,
 * its skip count and last activity, and the `project` bus events. Ingest, transcript reconciliation,
 * the digest and the routes all read the capture switch here.
 */
import type Database from 'better-sqlite3';
import { basename, dirname } from 'node:path';
import type { projects } from '../../../drizzle/schema.js';
import type { Project } from '../../shared/contract/projects.js';
import type { Bus } from '../util/bus.js';
import { currentBranch, projectIdentity, type ProjectIdentity } from './identity.js';

/** A project as stored, without the capture toggle's time and machine (sync reads those apart). */
export type ProjectRow = Omit<typeof projects.$inferSelect, 'captureAt' | 'captureBy'>;

/** Where a session runs inside its project: the worktree and branch, when in a repository. */
export interface Placement {
  worktree: string | null;
  branch: string | null;
}

/** A project's capture toggle as sync orders it: its time and its machine (null: this one). */
export interface CaptureToggle {
  id: number;
  on: number;
  at: number | null;
  by: string | null;
}

interface RawRow extends Omit<ProjectRow, 'captureEnabled'> {
  captureEnabled: number;
}

const COLS = `id, name, key, root_path AS rootPath, capture_enabled AS captureEnabled,
  skipped_events AS skippedEvents, created_at AS createdAt, last_activity_at AS lastActivityAt`;

interface RawListed extends Omit<Project, 'captureEnabled'> {
  captureEnabled: number;
}

const toRow = (r: RawRow | undefined): ProjectRow | undefined =>
  r && { ...r, captureEnabled: r.captureEnabled === 1 };

function prepareProjectStatements(db: Database.Database) {
  return {
    byKey: db.prepare<[string], { name: string }>('SELECT name FROM projects WHERE key = ?'),
    byName: db.prepare<[string], RawRow>(`SELECT ${COLS} FROM projects WHERE name = ?`),
    claim: db.prepare<[{ key: string; root: string | null; name: string }]>(
      'UPDATE projects SET key = @key, root_path = coalesce(@root, root_path) WHERE name = @name AND key IS NULL',
    ),
    insert: db.prepare<[{ name: string; key: string | null; root: string | null; at: number }]>(
      'INSERT INTO projects (name, key, root_path, created_at) VALUES (@name, @key, @root, @at)',
    ),
    insertNamed: db.prepare<[{ name: string; key: string; at: number }]>(
      'INSERT INTO projects (name, key, created_at) VALUES (@name, @key, @at) ON CONFLICT DO NOTHING',
    ),
    enabled: db.prepare<[string], { on: number }>(
      'SELECT capture_enabled AS "on" FROM projects WHERE name = ?',
    ),
    countSkip: db.prepare<[string, string | null, number]>(
      `INSERT INTO projects (name, root_path, created_at, skipped_events) VALUES (?, ?, ?, 1)
       ON CONFLICT (name) DO UPDATE SET skipped_events = skipped_events + 1`,
    ),
    touch: db.prepare<[{ name: string; cwd: string | null; at: number }]>(
      `INSERT INTO projects (name, root_path, created_at, last_activity_at) VALUES (@name, @cwd, @at, @at)
       ON CONFLICT (name) DO UPDATE SET
         last_activity_at = max(coalesce(last_activity_at, 0), excluded.last_activity_at),
         root_path = coalesce(root_path, excluded.root_path)`,
    ),
    roots: db.prepare<[], string>('SELECT root_path FROM projects WHERE root_path IS NOT NULL').pluck(),
    list: db.prepare<[], RawListed>(
      `SELECT name, root_path AS rootPath, capture_enabled AS captureEnabled, skipped_events AS skippedEvents,
         created_at AS createdAt, last_activity_at AS lastActivityAt,
         (SELECT count(*) FROM sessions s WHERE s.project = p.name) AS sessionCount,
         (SELECT count(*) FROM observations o JOIN sessions s ON s.id = o.session_id WHERE s.project = p.name) AS observationCount
       FROM projects p ORDER BY coalesce(last_activity_at, created_at) DESC`,
    ),
    // A toggle made here is ordered after every toggle stored, whatever this machine's clock says.
    setCapture: db.prepare<[{ name: string; on: number; at: number }], RawRow>(
      `INSERT INTO projects (name, capture_enabled, created_at, capture_at) VALUES (@name, @on, @at, @at)
       ON CONFLICT (name) DO UPDATE SET capture_enabled = excluded.capture_enabled,
         capture_at = max(excluded.capture_at, coalesce(capture_at + 1, 0)), capture_by = NULL
       RETURNING ${COLS}`,
    ),
    toggle: db.prepare<[string], CaptureToggle>(
      'SELECT id, capture_enabled = 1 AS "on", capture_at AS at, capture_by AS by FROM projects WHERE name = ?',
    ),
    applyCapture: db.prepare<[{ name: string; on: number; at: number; by: string }]>(
      `INSERT INTO projects (name, capture_enabled, created_at, capture_at, capture_by) VALUES (@name, @on, @at, @at, @by)
       ON CONFLICT (name) DO UPDATE SET capture_enabled = excluded.capture_enabled,
         capture_at = excluded.capture_at, capture_by = excluded.capture_by`,
    ),
    // The one-time upgrade to project identity (adopt.ts).
    setKey: db.prepare<[string, string | null, string]>(
      'UPDATE projects SET key = ?, root_path = coalesce(?, root_path) WHERE name = ?',
    ),
    switchOff: db.prepare<[string]>('UPDATE projects SET capture_enabled = 0 WHERE name = ?'),
    addSkips: db.prepare<[number, string]>(
      'UPDATE projects SET skipped_events = skipped_events + ? WHERE name = ?',
    ),
    dropKeyless: db.prepare<[string]>('DELETE FROM projects WHERE name = ? AND key IS NULL'),
  };
}

export class ProjectStore {
  private readonly s: ReturnType<typeof prepareProjectStatements>;

  constructor(
    db: Database.Database,
    private readonly bus: Bus,
  ) {
    this.s = prepareProjectStatements(db);
  }

  /**
   * The project a new session in `cwd` belongs to, created on first sight (inside the caller's
   * transaction). `explicit`: a name the caller chose (the claude-mem-compatible API's `project`), used as given.
   */
  nameFor(cwd: string | null, explicit: string | undefined, at: number): string {
    const chosen = explicit?.trim();
    if (chosen) {
      // Keyed by the name itself, so adoption (adopt.ts) never renames what a caller named.
      this.s.insertNamed.run({ name: chosen, key: `name:${chosen}`, at });
      return chosen;
    }
    return this.nameOf(projectIdentity(cwd), at);
  }

  /** The name of the known project `cwd` is in, or null (nothing is created: a read). */
  knownAt(cwd: string): string | null {
    const id = projectIdentity(cwd);
    if (id.key === 'unknown') return null;
    return this.s.byKey.get(id.key)?.name ?? null;
  }

  /** The worktree and branch `cwd` is in right now (null outside a repository). */
  placement(cwd: string | null): Placement {
    const id = projectIdentity(cwd);
    return { worktree: id.worktree, branch: currentBranch(id) };
  }

  /** The shown name for an identity: found by key, else a keyless row of that name adopted, else new. */
  nameOf(id: ProjectIdentity, at: number): string {
    if (id.key === 'unknown') return 'unknown';
    const known = this.s.byKey.get(id.key);
    if (known) return known.name;
    if (this.s.claim.run({ key: id.key, root: id.root, name: id.base }).changes === 1) return id.base;
    const name = this.freeName(id);
    this.s.insert.run({ name, key: id.key, root: id.root, at });
    return name;
  }

  /** The base name, or with its parent folder when another project has it, or numbered. */
  private freeName(id: ProjectIdentity): string {
    const taken = (n: string): boolean => this.s.byName.get(n) !== undefined;
    if (!taken(id.base)) return id.base;
    const parent = id.root ? basename(dirname(id.root)) : '';
    const withParent = parent ? `${id.base} (${parent})` : id.base;
    if (!taken(withParent)) return withParent;
    for (let n = 2; ; n++) if (!taken(`${withParent} ${n}`)) return `${withParent} ${n}`;
  }

  /** Every project's root folder, where known: no counting (`list` counts every memory). */
  rootPaths(): string[] {
    return this.s.roots.all();
  }

  /** Every project with its counts, most recently active first (`GET /api/projects`). */
  list(): Project[] {
    return this.s.list.all().map((r) => ({ ...r, captureEnabled: r.captureEnabled === 1 }));
  }

  get(name: string): ProjectRow | undefined {
    return toRow(this.s.byName.get(name));
  }

  /** Whether capture is on for the project; undefined when the project is unknown (on by default). */
  captureEnabled(name: string): boolean | undefined {
    const r = this.s.enabled.get(name);
    return r ? r.on === 1 : undefined;
  }

  /** Counts an event not stored; says so on the bus after the caller's COMMIT when `after` is given. */
  countSkip(name: string, cwd: string | null, at: number, after?: Array<() => void>): void {
    this.s.countSkip.run(name, cwd, at);
    const notify = (): void =>
      this.bus.emit('project', { name, captureEnabled: this.captureEnabled(name) !== false });
    if (after) after.push(notify);
    else notify();
  }

  touch(name: string, cwd: string | null, at: number): void {
    this.s.touch.run({ name, cwd, at });
  }

  /** The capture toggle as last set, here or by a peer; undefined for an unknown project. */
  captureToggle(name: string): CaptureToggle | undefined {
    return this.s.toggle.get(name);
  }

  /** A peer's toggle (sync applies it when it is the latest): stored with its time and machine. */
  applyCapture(name: string, enabled: boolean, at: number, by: string): void {
    this.s.applyCapture.run({ name, on: enabled ? 1 : 0, at, by });
    this.bus.emit('project', { name, captureEnabled: enabled });
  }

  // The one-time upgrade to project identity (adopt.ts), inside its transaction; no bus events:
  // it runs at start, before anyone listens.

  /** A legacy project takes its identity. */
  adoptKey(name: string, key: string, root: string | null): void {
    this.s.setKey.run(key, root, name);
  }

  /** A part split off a legacy project whose switch was off stays off. */
  switchOff(name: string): void {
    this.s.switchOff.run(name);
  }

  /** The skips of a legacy name that is gone go to its heir. */
  addSkips(name: string, n: number): void {
    this.s.addSkips.run(n, name);
  }

  /** Deletes a legacy name all of whose sessions went elsewhere (never a project with identity). */
  dropKeyless(name: string): void {
    this.s.dropKeyless.run(name);
  }

  /** Turns capture on/off (the project is created when unknown) and says so on the bus. */
  setCapture(name: string, enabled: boolean, at: number): ProjectRow {
    const row = toRow(this.s.setCapture.get({ name, on: enabled ? 1 : 0, at }))!;
    this.bus.emit('project', { name, captureEnabled: row.captureEnabled });
    return row;
  }
}
