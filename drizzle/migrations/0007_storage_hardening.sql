ALTER TABLE `import_runs` ADD `skipped_dirs` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE `storage_samples` (
	`at` integer PRIMARY KEY NOT NULL,
	`db_bytes` integer NOT NULL,
	`events` integer NOT NULL
);
--> statement-breakpoint
-- Retention was off by default (null) and no UI set it: stored settings take the new default, 30 days.
UPDATE `settings` SET `value` = json_set(`value`, '$.retention.rawDays', 30)
WHERE `key` = 'settings' AND json_valid(`value`) AND json_type(`value`, '$.retention.rawDays') = 'null';
