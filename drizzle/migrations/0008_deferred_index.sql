-- The observation index triggers skip rows at or past memtray_fts_from() (a function registered on
-- every connection, db/identifiers.ts): a batch that defers indexing (withDeferredIndex) indexes
-- its new rows once at its end. Outside such a batch the function returns the largest rowid and
-- the triggers behave as before.
DROP TRIGGER IF EXISTS `observations_search_ai`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `observations_search_bd`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `observations_search_bu`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `observations_search_au`;--> statement-breakpoint
CREATE TRIGGER observations_search_ai AFTER INSERT ON observations WHEN new.id < memtray_fts_from() BEGIN
  INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_fts_src WHERE id = new.id;
  INSERT INTO observations_trgm(rowid, title, paths)
    SELECT id, title, paths FROM observations_search_src WHERE id = new.id;
END;--> statement-breakpoint
CREATE TRIGGER observations_search_bd BEFORE DELETE ON observations WHEN old.id < memtray_fts_from() BEGIN
  INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT 'delete', id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_fts_src WHERE id = old.id;
  INSERT INTO observations_trgm(observations_trgm, rowid, title, paths)
    SELECT 'delete', id, title, paths FROM observations_search_src WHERE id = old.id;
END;--> statement-breakpoint
CREATE TRIGGER observations_search_bu
BEFORE UPDATE OF title, subtitle, facts, narrative, concepts, tool_name, tool_input, files_read, files_modified
ON observations WHEN old.id < memtray_fts_from() BEGIN
  INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT 'delete', id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_fts_src WHERE id = old.id;
  INSERT INTO observations_trgm(observations_trgm, rowid, title, paths)
    SELECT 'delete', id, title, paths FROM observations_search_src WHERE id = old.id;
END;--> statement-breakpoint
CREATE TRIGGER observations_search_au
AFTER UPDATE OF title, subtitle, facts, narrative, concepts, tool_name, tool_input, files_read, files_modified
ON observations WHEN new.id < memtray_fts_from() BEGIN
  INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
    SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
    FROM observations_fts_src WHERE id = new.id;
  INSERT INTO observations_trgm(rowid, title, paths)
    SELECT id, title, paths FROM observations_search_src WHERE id = new.id;
END;
