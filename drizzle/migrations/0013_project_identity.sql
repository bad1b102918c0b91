-- Projects are keyed by their repository (`git:<common git dir>`) or their folder (`path:<dir>`),
-- no longer by the folder's name: two repositories named `app` are two projects, two worktrees of
-- one repository are one. Rows from before have no key: projects/adopt.ts gives them one at start.
ALTER TABLE `projects` ADD `key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `projects_key` ON `projects` (`key`) WHERE `key` IS NOT NULL;--> statement-breakpoint
-- The worktree and branch a session ran in (one project may have several worktrees).
ALTER TABLE `sessions` ADD `worktree` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `branch` text;
