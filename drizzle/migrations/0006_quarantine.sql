CREATE TABLE `quarantine` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`item` text NOT NULL,
	`stamp` text DEFAULT '' NOT NULL,
	`reason` text NOT NULL,
	`failures` integer DEFAULT 1 NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `quarantine_kind_item` ON `quarantine` (`kind`,`item`);
