-- FTS5 'secure-delete': a deleted row's terms are removed from the index segments at once, instead
-- of staying in the file until the segments happen to be merged (a deleted session's words were
-- still readable in the *_fts_data pages). Persistent (stored in each table's %_config).
INSERT INTO observations_fts(observations_fts, rank) VALUES('secure-delete', 1);--> statement-breakpoint
INSERT INTO observations_trgm(observations_trgm, rank) VALUES('secure-delete', 1);--> statement-breakpoint
INSERT INTO summaries_fts(summaries_fts, rank) VALUES('secure-delete', 1);--> statement-breakpoint
INSERT INTO prompts_fts(prompts_fts, rank) VALUES('secure-delete', 1);
