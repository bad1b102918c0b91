CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_name` text NOT NULL,
	`claude_session_id` text,
	`payload` text NOT NULL,
	`event_uid` text,
	`source` text DEFAULT 'http' NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_event_uid_unique` ON `events` (`event_uid`);--> statement-breakpoint
CREATE INDEX `events_session` ON `events` (`claude_session_id`,`id`);--> statement-breakpoint
CREATE TABLE `import_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`files_total` integer DEFAULT 0 NOT NULL,
	`files_done` integer DEFAULT 0 NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL,
	`prompts` integer DEFAULT 0 NOT NULL,
	`tool_calls` integer DEFAULT 0 NOT NULL,
	`skipped_lines` integer DEFAULT 0 NOT NULL,
	`error` text,
	`started_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`payload` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`run_after` integer NOT NULL,
	`lease_until` integer,
	`last_error` text,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_idempotency_key_unique` ON `jobs` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `jobs_status_run_after` ON `jobs` (`status`,`run_after`);--> statement-breakpoint
CREATE TABLE `llm_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`model` text NOT NULL,
	`kind` text NOT NULL,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`cache_read_tokens` integer DEFAULT 0 NOT NULL,
	`cache_write_tokens` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `llm_usage_day` ON `llm_usage` (`day`,`model`);--> statement-breakpoint
CREATE TABLE `observations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`prompt_number` integer DEFAULT 0 NOT NULL,
	`tool_name` text NOT NULL,
	`tool_use_id` text,
	`tool_input` text,
	`tool_response` text,
	`failed` integer DEFAULT false NOT NULL,
	`cwd` text,
	`created_at` integer NOT NULL,
	`type` text,
	`title` text,
	`subtitle` text,
	`facts` text,
	`narrative` text,
	`concepts` text,
	`files_read` text,
	`files_modified` text,
	`produced_by` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `observations_session_tool_use` ON `observations` (`session_id`,`tool_use_id`);--> statement-breakpoint
CREATE INDEX `observations_session_created` ON `observations` (`session_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `observations_created` ON `observations` (`created_at`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`root_path` text,
	`capture_enabled` integer DEFAULT true NOT NULL,
	`skipped_events` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`last_activity_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_name_unique` ON `projects` (`name`);--> statement-breakpoint
CREATE TABLE `session_summaries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`prompt_number` integer DEFAULT 0 NOT NULL,
	`request` text,
	`investigated` text,
	`learned` text,
	`completed` text,
	`next_steps` text,
	`files_read` text,
	`files_edited` text,
	`notes` text,
	`produced_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_summaries_session_id_unique` ON `session_summaries` (`session_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`claude_session_id` text NOT NULL,
	`project` text NOT NULL,
	`cwd` text,
	`transcript_path` text,
	`first_prompt` text,
	`prompt_counter` integer DEFAULT 0 NOT NULL,
	`current_prompt_private` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'initialized' NOT NULL,
	`completion_reason` text,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_claude_session_id_unique` ON `sessions` (`claude_session_id`);--> statement-breakpoint
CREATE INDEX `sessions_project_started` ON `sessions` (`project`,`started_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_prompts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`prompt_number` integer NOT NULL,
	`prompt` text NOT NULL,
	`source_uuid` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_prompts_session_number` ON `user_prompts` (`session_id`,`prompt_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_prompts_source_uuid` ON `user_prompts` (`source_uuid`);