-- Sync with authors (electron/core/sync, docs/sync.md, Authors): a session is written by its
-- origin machine only, a peer's deletions go to a trash, project capture toggles carry their time.
-- A tombstone's state: done (applied, or made here), unseen (its row was never here; expires),
-- pending (a peer's, until its read pass settles it), held (waiting for the user), rejected (the
-- user kept the rows), undone (restored from the trash). owner: the machine that authored the row
-- it names (NULL: this one; only those deletions are written to the folder). received_at: when a
-- peer's tombstone arrived, by this machine's clock.
ALTER TABLE `sync_tombstones` ADD `state` text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_tombstones` ADD `owner` text;--> statement-breakpoint
ALTER TABLE `sync_tombstones` ADD `received_at` integer;--> statement-breakpoint
CREATE INDEX `sync_tombstones_open` ON `sync_tombstones` (`state`, `author`) WHERE state <> 'done';--> statement-breakpoint
-- What a peer's deletion removed, as records (the archive format), restorable until it expires.
-- asked: 1 when the user applied a held deletion (those do not count toward the next hold).
CREATE TABLE `sync_trash` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`uid` text NOT NULL,
	`peer` text NOT NULL,
	`project` text NOT NULL,
	`title` text,
	`trashed_at` integer NOT NULL,
	`asked` integer DEFAULT 0 NOT NULL,
	`records` text NOT NULL
);--> statement-breakpoint
CREATE INDEX `sync_trash_peer` ON `sync_trash` (`peer`, `trashed_at`);--> statement-breakpoint
-- A capture toggle's own time and author (NULL: toggled here), so the last toggle wins by time.
ALTER TABLE `projects` ADD `capture_at` integer;--> statement-breakpoint
ALTER TABLE `projects` ADD `capture_by` text;--> statement-breakpoint
DROP TRIGGER `sync_sessions_ad`;--> statement-breakpoint
CREATE TRIGGER sync_sessions_ad AFTER DELETE ON sessions BEGIN
  DELETE FROM sync_tombstones WHERE kind = 'session' AND uid = old.claude_session_id AND state IN ('undone', 'rejected');
  INSERT INTO sync_tombstones (kind, uid, author, deleted_at, owner)
    SELECT 'session', old.claude_session_id, NULL, CAST(unixepoch('subsec') * 1000 AS INTEGER), old.origin
    WHERE NOT EXISTS (SELECT 1 FROM sync_tombstones WHERE kind = 'session' AND uid = old.claude_session_id);
  INSERT INTO sync_outbox (kind, row_id)
    SELECT 'tombstone', t.rowid FROM sync_tombstones t
    WHERE t.kind = 'session' AND t.uid = old.claude_session_id AND t.author IS NULL AND t.owner IS NULL
      AND EXISTS (SELECT 1 FROM sync_switch)
      AND NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'tombstone' AND row_id = t.rowid);
END;--> statement-breakpoint
DROP TRIGGER `sync_observations_ad`;--> statement-breakpoint
CREATE TRIGGER sync_observations_ad AFTER DELETE ON observations
WHEN old.uid IS NOT NULL AND EXISTS (SELECT 1 FROM sessions WHERE id = old.session_id) BEGIN
  DELETE FROM sync_tombstones WHERE kind = 'observation' AND uid = old.uid AND state IN ('undone', 'rejected');
  INSERT INTO sync_tombstones (kind, uid, author, deleted_at, owner)
    SELECT 'observation', old.uid, NULL, CAST(unixepoch('subsec') * 1000 AS INTEGER),
      (SELECT origin FROM sessions WHERE id = old.session_id)
    WHERE NOT EXISTS (SELECT 1 FROM sync_tombstones WHERE kind = 'observation' AND uid = old.uid);
  INSERT INTO sync_outbox (kind, row_id)
    SELECT 'tombstone', t.rowid FROM sync_tombstones t
    WHERE t.kind = 'observation' AND t.uid = old.uid AND t.author IS NULL AND t.owner IS NULL
      AND EXISTS (SELECT 1 FROM sync_switch)
      AND NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'tombstone' AND row_id = t.rowid);
END;--> statement-breakpoint
CREATE TRIGGER sync_projects_ai AFTER INSERT ON projects
WHEN new.capture_at IS NOT NULL AND new.capture_by IS NULL AND EXISTS (SELECT 1 FROM sync_switch) BEGIN
  INSERT INTO sync_outbox (kind, row_id) SELECT 'project', new.id
    WHERE NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'project' AND row_id = new.id);
END;--> statement-breakpoint
CREATE TRIGGER sync_projects_au AFTER UPDATE OF capture_at ON projects
WHEN new.capture_at IS NOT NULL AND new.capture_by IS NULL AND EXISTS (SELECT 1 FROM sync_switch) BEGIN
  INSERT INTO sync_outbox (kind, row_id) SELECT 'project', new.id
    WHERE NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'project' AND row_id = new.id);
END;
