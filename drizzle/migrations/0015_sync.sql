-- Export, import and sync (electron/core/sync, docs/sync.md).
-- Stable ids: an observation's uid is given when it first leaves the machine (export or sync);
-- sessions have Claude Code's session id, prompts (session, number), summaries their session.
ALTER TABLE `observations` ADD `uid` text;--> statement-breakpoint
CREATE UNIQUE INDEX `observations_uid` ON `observations` (`uid`) WHERE uid IS NOT NULL;--> statement-breakpoint
-- Provenance: the machine a session was imported or synced from (NULL: captured here).
ALTER TABLE `sessions` ADD `origin` text;--> statement-breakpoint
-- Deletions, so they propagate: author NULL = deleted on this machine, else the peer that did.
CREATE TABLE `sync_tombstones` (
	`kind` text NOT NULL,
	`uid` text NOT NULL,
	`author` text,
	`deleted_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `uid`)
);--> statement-breakpoint
-- Rows changed since the sync writer last ran; filled by the triggers below only while a sync
-- folder is configured (a row in sync_switch), so capture pays nothing otherwise. The triggers
-- insert WHERE NOT EXISTS rather than OR IGNORE: an outer statement's conflict clause (an upsert)
-- would override the trigger's.
CREATE TABLE `sync_outbox` (
	`kind` text NOT NULL,
	`row_id` integer NOT NULL,
	PRIMARY KEY(`kind`, `row_id`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE TABLE `sync_switch` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`folder` text NOT NULL,
	`since` integer NOT NULL
);--> statement-breakpoint
-- How far each peer's segment file has been read and applied (same transaction as the rows).
CREATE TABLE `sync_cursors` (
	`peer` text NOT NULL,
	`file` text NOT NULL,
	`segment` text NOT NULL,
	`offset` integer NOT NULL,
	`records` integer NOT NULL,
	`last_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`peer`, `file`)
);--> statement-breakpoint
CREATE TRIGGER sync_sessions_ai AFTER INSERT ON sessions WHEN EXISTS (SELECT 1 FROM sync_switch) BEGIN
  INSERT INTO sync_outbox (kind, row_id) SELECT 'session', new.id
    WHERE NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'session' AND row_id = new.id);
END;--> statement-breakpoint
CREATE TRIGGER sync_sessions_au AFTER UPDATE OF project, first_prompt, prompt_counter, status, completion_reason, completed_at, updated_at
ON sessions WHEN EXISTS (SELECT 1 FROM sync_switch) BEGIN
  INSERT INTO sync_outbox (kind, row_id) SELECT 'session', new.id
    WHERE NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'session' AND row_id = new.id);
END;--> statement-breakpoint
CREATE TRIGGER sync_prompts_ai AFTER INSERT ON user_prompts WHEN EXISTS (SELECT 1 FROM sync_switch) BEGIN
  INSERT INTO sync_outbox (kind, row_id) SELECT 'prompt', new.id
    WHERE NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'prompt' AND row_id = new.id);
END;--> statement-breakpoint
CREATE TRIGGER sync_observations_ai AFTER INSERT ON observations WHEN EXISTS (SELECT 1 FROM sync_switch) BEGIN
  INSERT INTO sync_outbox (kind, row_id) SELECT 'observation', new.id
    WHERE NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'observation' AND row_id = new.id);
END;--> statement-breakpoint
CREATE TRIGGER sync_observations_au
AFTER UPDATE OF prompt_number, type, title, subtitle, facts, narrative, concepts, files_read, files_modified, produced_by, status, tool_input, updated_at
ON observations WHEN EXISTS (SELECT 1 FROM sync_switch) BEGIN
  INSERT INTO sync_outbox (kind, row_id) SELECT 'observation', new.id
    WHERE NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'observation' AND row_id = new.id);
END;--> statement-breakpoint
CREATE TRIGGER sync_summaries_ai AFTER INSERT ON session_summaries WHEN EXISTS (SELECT 1 FROM sync_switch) BEGIN
  INSERT INTO sync_outbox (kind, row_id) SELECT 'summary', new.id
    WHERE NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'summary' AND row_id = new.id);
END;--> statement-breakpoint
CREATE TRIGGER sync_summaries_au AFTER UPDATE ON session_summaries WHEN EXISTS (SELECT 1 FROM sync_switch) BEGIN
  INSERT INTO sync_outbox (kind, row_id) SELECT 'summary', new.id
    WHERE NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'summary' AND row_id = new.id);
END;--> statement-breakpoint
CREATE TRIGGER sync_sessions_ad AFTER DELETE ON sessions BEGIN
  INSERT INTO sync_tombstones (kind, uid, author, deleted_at)
    SELECT 'session', old.claude_session_id, NULL, CAST(unixepoch('subsec') * 1000 AS INTEGER)
    WHERE NOT EXISTS (SELECT 1 FROM sync_tombstones WHERE kind = 'session' AND uid = old.claude_session_id);
  INSERT INTO sync_outbox (kind, row_id)
    SELECT 'tombstone', t.rowid FROM sync_tombstones t
    WHERE t.kind = 'session' AND t.uid = old.claude_session_id AND t.author IS NULL AND EXISTS (SELECT 1 FROM sync_switch)
      AND NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'tombstone' AND row_id = t.rowid);
END;--> statement-breakpoint
-- A memory deleted on its own (not with its session): only one that ever left has a uid.
CREATE TRIGGER sync_observations_ad AFTER DELETE ON observations
WHEN old.uid IS NOT NULL AND EXISTS (SELECT 1 FROM sessions WHERE id = old.session_id) BEGIN
  INSERT INTO sync_tombstones (kind, uid, author, deleted_at)
    SELECT 'observation', old.uid, NULL, CAST(unixepoch('subsec') * 1000 AS INTEGER)
    WHERE NOT EXISTS (SELECT 1 FROM sync_tombstones WHERE kind = 'observation' AND uid = old.uid);
  INSERT INTO sync_outbox (kind, row_id)
    SELECT 'tombstone', t.rowid FROM sync_tombstones t
    WHERE t.kind = 'observation' AND t.uid = old.uid AND t.author IS NULL AND EXISTS (SELECT 1 FROM sync_switch)
      AND NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'tombstone' AND row_id = t.rowid);
END;
