-- Recall: camelCase identifiers split in the observation index (hand-written).
-- unicode61 splits snake_case, paths and dotted names but keeps `TranscriptComputers` as one
-- token. The source view gains an `idents` column: the parts of every camelCase identifier in the
-- row's text (`transcript computers`), computed by `memtray_idsplit`, a deterministic function
-- registered on every connection (electron/core/db/open.ts). observations_fts gets the column and
-- is rebuilt; the trigram index and its content are unchanged.
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
DROP VIEW IF EXISTS observations_search_src;
--> statement-breakpoint
CREATE VIEW observations_search_src AS
SELECT b.*, memtray_idsplit(concat_ws(' ', b.title, b.subtitle, b.facts, b.narrative, b.input, b.paths)) AS idents
FROM (SELECT
  id, title, subtitle, facts, narrative, concepts, tool_name,
  CASE WHEN json_valid(tool_input) AND json_type(tool_input) = 'object' THEN substr(concat_ws(' ',
    json_extract(tool_input, '$.file_path'), json_extract(tool_input, '$.notebook_path'),
    json_extract(tool_input, '$.path'), json_extract(tool_input, '$.pattern'),
    json_extract(tool_input, '$.glob'), json_extract(tool_input, '$.command'),
    json_extract(tool_input, '$.description'), json_extract(tool_input, '$.url'),
    json_extract(tool_input, '$.query'), json_extract(tool_input, '$.prompt'),
    json_extract(tool_input, '$.subagent_type'), json_extract(tool_input, '$.text'),
    json_extract(tool_input, '$.title')
  ), 1, 2000) END AS input,
  concat_ws(' ', files_read, files_modified,
    CASE WHEN json_valid(tool_input) AND json_type(tool_input) = 'object' THEN concat_ws(' ',
      json_extract(tool_input, '$.file_path'), json_extract(tool_input, '$.notebook_path'),
      json_extract(tool_input, '$.path')) END
  ) AS paths
FROM observations) b;
--> statement-breakpoint
CREATE VIRTUAL TABLE observations_fts USING fts5(
  title, subtitle, facts, narrative, concepts, tool_name, input, idents,
  content='observations_search_src', content_rowid='id', tokenize='porter unicode61', prefix='2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE observations_fts_vocab USING fts5vocab(observations_fts, 'row');
--> statement-breakpoint
CREATE TRIGGER observations_search_ai AFTER INSERT ON observations BEGIN
  INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_search_src WHERE id = new.id;
  INSERT INTO observations_trgm(rowid, title, paths)
    SELECT id, title, paths FROM observations_search_src WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER observations_search_bd BEFORE DELETE ON observations BEGIN
  INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT 'delete', id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_search_src WHERE id = old.id;
  INSERT INTO observations_trgm(observations_trgm, rowid, title, paths)
    SELECT 'delete', id, title, paths FROM observations_search_src WHERE id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER observations_search_bu
BEFORE UPDATE OF title, subtitle, facts, narrative, concepts, tool_name, tool_input, files_read, files_modified
ON observations BEGIN
  INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT 'delete', id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_search_src WHERE id = old.id;
  INSERT INTO observations_trgm(observations_trgm, rowid, title, paths)
    SELECT 'delete', id, title, paths FROM observations_search_src WHERE id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER observations_search_au
AFTER UPDATE OF title, subtitle, facts, narrative, concepts, tool_name, tool_input, files_read, files_modified
ON observations BEGIN
  INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_search_src WHERE id = new.id;
  INSERT INTO observations_trgm(rowid, title, paths)
    SELECT id, title, paths FROM observations_search_src WHERE id = new.id;
END;
--> statement-breakpoint
INSERT INTO observations_fts(observations_fts) VALUES ('rebuild');
