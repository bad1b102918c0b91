-- How far retention has settled each table (electron/core/maintenance/retention.ts owns it): every
-- row up to `after_id` was looked at once it was old, and compacted if it could be. A run starts
-- after the mark instead of reading every old row again (at 1M observations, ~210,000 old tool
-- events with nothing to drop were read again by every run, in ~8,500 transactions).
CREATE TABLE `retention_marks` (
	`name` text PRIMARY KEY NOT NULL,
	`after_id` integer NOT NULL
);
