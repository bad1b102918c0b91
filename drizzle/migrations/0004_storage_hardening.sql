ALTER TABLE `import_runs` ADD `skipped_dirs` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE `storage_samples` (
	`at` integer PRIMARY KEY NOT NULL,
	`db_bytes` integer NOT NULL,
	`events` integer NOT NULL
);
