-- The coding agent whose hooks recorded each session. Sessions before this came from Claude Code.
ALTER TABLE `sessions` ADD `agent` text DEFAULT 'claude-code' NOT NULL;
