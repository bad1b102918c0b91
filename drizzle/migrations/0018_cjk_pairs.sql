-- Chinese and Japanese text searchable by word (hand-written): memtray_idsplit now adds the
-- overlapping character pairs of every Chinese/Japanese run to the observation index's `idents`
-- column (db/identifiers.ts). Rows without such text index exactly as before; rows with it are
-- deleted from observations_fts as they were indexed (memtray_idsplit_camel, the function before the
-- pairs) and indexed again from observations_fts_src.
INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
  SELECT 'delete', v.id, v.title, v.subtitle, v.facts, v.narrative, v.concepts, v.tool_name, v.input,
    memtray_idsplit_camel(concat_ws(' ', v.title, v.subtitle, v.facts, v.narrative, v.input, v.paths))
  FROM observations_search_src v
  WHERE memtray_has_cjk(concat_ws(' ', v.title, v.subtitle, v.facts, v.narrative, v.input, v.paths));
--> statement-breakpoint
INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name, input, idents)
  SELECT id, title, subtitle, facts, narrative, concepts, tool_name, input, idents
  FROM observations_fts_src
  WHERE memtray_has_cjk(concat_ws(' ', title, subtitle, facts, narrative, input, paths));
