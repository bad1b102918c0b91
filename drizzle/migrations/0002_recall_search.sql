-- Recall: search indexes over observations (hand-written; drizzle-kit does not model virtual tables).
--
-- 1. observations_fts is rebuilt over a view so raw observations (no title yet) are searchable by
--    what their tool input says: file paths, commands, patterns, URLs, queries, descriptions.
-- 2. observations_trgm: a trigram index (detail=none, LIKE '%…%' substring matching) over titles
--    and file paths, for substring queries, the file filter and the typo/substring fallback.
-- Triggers read the view (BEFORE for the old row, AFTER for the new one), so the indexed text is
-- defined once, in the view.
DROP TRIGGER IF EXISTS observations_fts_ai;
--> statement-breakpoint
DROP TRIGGER IF EXISTS observations_fts_ad;
--> statement-breakpoint
DROP TRIGGER IF EXISTS observations_fts_au;
--> statement-breakpoint
DROP TABLE IF EXISTS observations_fts;
--> statement-breakpoint
CREATE VIEW observations_search_src AS
SELECT
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
FROM observations;
--> statement-breakpoint
CREATE VIRTUAL TABLE observations_fts USING fts5(
  title, subtitle, facts, narrative, concepts, tool_name, input,
  content='observations_search_src', content_rowid='id', tokenize='porter unicode61', prefix='2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE observations_trgm USING fts5(
  title, paths,
  content='observations_search_src', content_rowid='id', tokenize='trigram', detail='none'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE observations_fts_vocab USING fts5vocab(observations_fts, 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE summaries_fts_vocab USING fts5vocab(summaries_fts, 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE prompts_fts_vocab USING fts5vocab(prompts_fts, 'row');
--> statement-breakpoint
CREATE TRIGGER observations_search_ai AFTER INSERT ON observations BEGIN
  INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input)
    SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input
    FROM observations_search_src WHERE id = new.id;
  INSERT INTO observations_trgm(rowid, title, paths)
    SELECT id, title, paths FROM observations_search_src WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER observations_search_bd BEFORE DELETE ON observations BEGIN
  INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name, input)
    SELECT 'delete', id, title, subtitle, facts, narrative, concepts, tool_name, input
    FROM observations_search_src WHERE id = old.id;
  INSERT INTO observations_trgm(observations_trgm, rowid, title, paths)
    SELECT 'delete', id, title, paths FROM observations_search_src WHERE id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER observations_search_bu
BEFORE UPDATE OF title, subtitle, facts, narrative, concepts, tool_name, tool_input, files_read, files_modified
ON observations BEGIN
  INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name, input)
    SELECT 'delete', id, title, subtitle, facts, narrative, concepts, tool_name, input
    FROM observations_search_src WHERE id = old.id;
  INSERT INTO observations_trgm(observations_trgm, rowid, title, paths)
    SELECT 'delete', id, title, paths FROM observations_search_src WHERE id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER observations_search_au
AFTER UPDATE OF title, subtitle, facts, narrative, concepts, tool_name, tool_input, files_read, files_modified
ON observations BEGIN
  INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input)
    SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input
    FROM observations_search_src WHERE id = new.id;
  INSERT INTO observations_trgm(rowid, title, paths)
    SELECT id, title, paths FROM observations_search_src WHERE id = new.id;
END;
--> statement-breakpoint
INSERT INTO observations_fts(observations_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO observations_trgm(observations_trgm) VALUES ('rebuild');
