DROP INDEX `events_event_uid_unique`;--> statement-breakpoint
ALTER TABLE `events` ADD `projected` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `events_unprojected` ON `events` (`id`) WHERE projected = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `events_event_uid` ON `events` (`event_uid`) WHERE event_uid IS NOT NULL;