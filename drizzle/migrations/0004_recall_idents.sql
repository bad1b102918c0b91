-- Recall: camelCase identifiers split in the observation index (hand-written).
-- unicode61 splits snake_case, paths and dotted names but keeps `TranscriptComputers` as one
-- token. observations_fts gains an `idents` column: the parts of every camelCase identifier in
-- the row's text (`transcript computers`), computed by `memtray_idsplit`, a deterministic function
-- registered on every connection (electron/core/db/open.ts). The triggers index rows from
-- observations_fts_src (observations_search_src, unchanged, + idents); the table's external
-- content (read by snippet()/highlight() and column reads) is observations_fts_content, the same
-- with idents NULL: reading never calls the function (no per-row split when a snippet is made,
-- and connections without the function can read everything); only writing observations needs it.
-- Consequence: never run the FTS5 'rebuild' command on observations_fts (it would index the
-- NULLs); refill it with INSERT … SELECT … FROM observations_fts_src, as at the end of this file.
DROP TRIGGER IF EXISTS observations_search_ai;
--> statement-breakpoint
DROP TRIGGER IF EXISTS observations_search_bd;
--> statement-breakpoint
DROP TRIGGER IF EXISTS observations_search_bu;
--> statement-breakpoint
DROP TRIGGER IF EXISTS observations_search_au;
--> statement-breakpoint
DROP TABLE IF EXISTS observations_fts_vocab;
--> statement-breakpoint
DROP TABLE IF EXISTS observations_fts;
--> statement-breakpoint
DROP VIEW IF EXISTS observations_fts_src;
--> statement-breakpoint
DROP VIEW IF EXISTS observations_fts_content;
--> statement-breakpoint
CREATE VIEW observations_fts_src AS
SELECT v.*, memtray_idsplit(concat_ws(' ', v.title, v.subtitle, v.facts, v.narrative, v.input, v.paths)) AS idents
FROM observations_search_src v;
--> statement-breakpoint
CREATE VIEW observations_fts_content AS SELECT v.*, NULL AS idents FROM observations_search_src v;
--> statement-breakpoint
CREATE VIRTUAL TABLE observations_fts USING fts5(
  title, subtitle, facts, narrative, concepts, tool_name, input, idents,
  content='observations_fts_content', content_rowid='id', tokenize='porter unicode61', prefix='2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE observations_fts_vocab USING fts5vocab(observations_fts, 'row');
--> statement-breakpoint
CREATE TRIGGER observations_search_ai AFTER INSERT ON observations BEGIN
  INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_fts_src WHERE id = new.id;
  INSERT INTO observations_trgm(rowid, title, paths)
    SELECT id, title, paths FROM observations_search_src WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER observations_search_bd BEFORE DELETE ON observations BEGIN
  INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT 'delete', id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_fts_src WHERE id = old.id;
  INSERT INTO observations_trgm(observations_trgm, rowid, title, paths)
    SELECT 'delete', id, title, paths FROM observations_search_src WHERE id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER observations_search_bu
BEFORE UPDATE OF title, subtitle, facts, narrative, concepts, tool_name, tool_input, files_read, files_modified
ON observations BEGIN
  INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT 'delete', id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_fts_src WHERE id = old.id;
  INSERT INTO observations_trgm(observations_trgm, rowid, title, paths)
    SELECT 'delete', id, title, paths FROM observations_search_src WHERE id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER observations_search_au
AFTER UPDATE OF title, subtitle, facts, narrative, concepts, tool_name, tool_input, files_read, files_modified
ON observations BEGIN
  INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_fts_src WHERE id = new.id;
  INSERT INTO observations_trgm(rowid, title, paths)
    SELECT id, title, paths FROM observations_search_src WHERE id = new.id;
END;
--> statement-breakpoint
INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
  SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input, idents FROM observations_fts_src;
