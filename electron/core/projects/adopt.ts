/**
 * Gives projects stored before project identity (keyed by folder name only) their identity, once,
 * at start: each such project's sessions are grouped by the repository (or folder) of their `cwd`.
 * The largest group keeps the name; another repository that shared the name becomes its own
 * project ("app (work)"); a worktree of a repository that already has a project joins it.
 */
import type Database from 'better-sqlite3';
import { projectIdentity, type ProjectIdentity } from './identity.js';
import type { ProjectStore } from './store.js';

const MAX_CWDS = 2000;

interface Legacy {
  name: string;
  captureEnabled: number;
  skippedEvents: number;
}

export interface AdoptResult {
  adopted: number;
  split: number;
  merged: number;
}

/** The sessions' owner (ingest/sessions-repo.ts), which moves a legacy project's sessions. */
export interface LegacySessions {
  moveLegacy(fromProject: string, cwd: string, project: string, worktree: string | null): void;
}

export function adoptLegacyProjects(
  db: Database.Database,
  store: ProjectStore,
  sessions: LegacySessions,
  now: number,
): AdoptResult {
  const legacy = db
    .prepare<[], Legacy>(
      `SELECT name, capture_enabled AS captureEnabled, skipped_events AS skippedEvents FROM projects
       WHERE key IS NULL AND EXISTS (SELECT 1 FROM sessions s WHERE s.project = projects.name AND s.cwd IS NOT NULL)`,
    )
    .all();
  const out: AdoptResult = { adopted: 0, split: 0, merged: 0 };
  if (legacy.length === 0) return out;
  const cwdsOf = db.prepare<[string], { cwd: string; n: number }>(
    `SELECT cwd, count(*) AS n FROM sessions WHERE project = ? AND cwd IS NOT NULL GROUP BY cwd ORDER BY n DESC LIMIT ${MAX_CWDS}`,
  );
  const byKey = db.prepare<[string], { name: string }>('SELECT name FROM projects WHERE key = ?');
  const orphan = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM sessions WHERE project = ?');

  db.transaction(() => {
    for (const p of legacy) {
      const groups = new Map<string, { id: ProjectIdentity; cwds: string[] }>();
      for (const { cwd } of cwdsOf.all(p.name)) {
        const id = projectIdentity(cwd);
        const g = groups.get(id.key) ?? { id, cwds: [] };
        g.cwds.push(cwd);
        groups.set(id.key, g);
      }
      let kept = false;
      for (const { id, cwds } of groups.values()) {
        let target = byKey.get(id.key)?.name;
        if (target !== undefined) out.merged++;
        else if (!kept && p.name === id.base) {
          store.adoptKey(p.name, id.key, id.root);
          target = p.name;
          kept = true;
          out.adopted++;
        } else {
          // Another repository that shared the name, or a worktree named apart from its repository.
          target = store.nameOf(id, now);
          // A switch turned off stays off for every part of what it covered.
          if (p.captureEnabled === 0) store.switchOff(target);
          out.split++;
        }
        for (const cwd of cwds) sessions.moveLegacy(p.name, cwd, target, id.worktree);
      }
      // Every session went to another project: the name is gone with them (its skips go along).
      if (!kept && orphan.get(p.name)!.n === 0) {
        const first = groups.values().next().value;
        const heir = first ? byKey.get(first.id.key)?.name : undefined;
        if (heir !== undefined) store.addSkips(heir, p.skippedEvents);
        store.dropKeyless(p.name);
      }
    }
  }).immediate();
  return out;
}
