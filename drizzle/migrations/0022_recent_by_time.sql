-- The Recent view lists prompts and session summaries by when the work happened: prompts by their
-- time, a summary by its session's last activity. An import writes old prompts and summaries after
-- newer ones (higher ids, older times), so neither id order nor a summary's write time is that order.
CREATE INDEX IF NOT EXISTS `user_prompts_created` ON `user_prompts` (`created_at`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `sessions_updated` ON `sessions` (`updated_at`);
