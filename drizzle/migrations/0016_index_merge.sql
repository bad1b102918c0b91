-- The observation indexes' segment merges run in bounded steps between the projector's slices
-- (electron/core/db/index-merge.ts), not inside the COMMIT that crosses FTS5's work threshold.
INSERT INTO `observations_fts`(`observations_fts`, `rank`) VALUES('automerge', 0);--> statement-breakpoint
INSERT INTO `observations_trgm`(`observations_trgm`, `rank`) VALUES('automerge', 0);
