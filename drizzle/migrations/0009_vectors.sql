-- Semantic search (recall/vectors): what has been embedded, and what must be embedded again.
-- The vectors themselves live in a sqlite-vec `vec0` table (`memtray_vectors`) created when
-- embeddings are switched on, on a connection that loaded the extension: its dimension comes from
-- the configured model, and a connection without the extension (the maintenance worker, a second
-- reader) must never need it. Nothing here requires the extension.
--
-- embed_cursor: per kind (observation, summary, prompt), every row with id <= last_id is embedded
-- under the model named in embed_meta (or was empty). The indexer walks ids upwards from it.
CREATE TABLE `embed_cursor` (
  `kind` text PRIMARY KEY NOT NULL,
  `last_id` integer NOT NULL
);--> statement-breakpoint
CREATE TABLE `embed_meta` (
  `key` text PRIMARY KEY NOT NULL,
  `value` text NOT NULL
);--> statement-breakpoint
-- Rows already embedded whose text changed or that were deleted: key = id * 4 + kind code
-- (0 observation, 1 summary, 2 prompt). The indexer re-embeds or removes them.
CREATE TABLE `embed_dirty` (
  `key` integer PRIMARY KEY NOT NULL
);--> statement-breakpoint
-- The triggers cost one primary-key lookup while embeddings are off (no cursor row: no insert).
CREATE TRIGGER embed_obs_ad AFTER DELETE ON observations
WHEN old.id <= (SELECT last_id FROM embed_cursor WHERE kind = 'observation') BEGIN
  INSERT OR IGNORE INTO embed_dirty(key) VALUES (old.id * 4);
END;--> statement-breakpoint
CREATE TRIGGER embed_obs_au AFTER UPDATE OF title, subtitle, facts, narrative ON observations
WHEN old.id <= (SELECT last_id FROM embed_cursor WHERE kind = 'observation') BEGIN
  INSERT OR IGNORE INTO embed_dirty(key) VALUES (old.id * 4);
END;--> statement-breakpoint
CREATE TRIGGER embed_sum_ad AFTER DELETE ON session_summaries
WHEN old.id <= (SELECT last_id FROM embed_cursor WHERE kind = 'summary') BEGIN
  INSERT OR IGNORE INTO embed_dirty(key) VALUES (old.id * 4 + 1);
END;--> statement-breakpoint
CREATE TRIGGER embed_sum_au AFTER UPDATE OF request, investigated, learned, completed, next_steps, notes
ON session_summaries
WHEN old.id <= (SELECT last_id FROM embed_cursor WHERE kind = 'summary') BEGIN
  INSERT OR IGNORE INTO embed_dirty(key) VALUES (old.id * 4 + 1);
END;--> statement-breakpoint
CREATE TRIGGER embed_prompt_ad AFTER DELETE ON user_prompts
WHEN old.id <= (SELECT last_id FROM embed_cursor WHERE kind = 'prompt') BEGIN
  INSERT OR IGNORE INTO embed_dirty(key) VALUES (old.id * 4 + 2);
END;--> statement-breakpoint
CREATE TRIGGER embed_prompt_au AFTER UPDATE OF prompt ON user_prompts
WHEN old.id <= (SELECT last_id FROM embed_cursor WHERE kind = 'prompt') BEGIN
  INSERT OR IGNORE INTO embed_dirty(key) VALUES (old.id * 4 + 2);
END;
