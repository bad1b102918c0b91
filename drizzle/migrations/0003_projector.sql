ALTER TABLE `events` ADD `projected` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `events_unprojected` ON `events` (`id`) WHERE projected = 0;