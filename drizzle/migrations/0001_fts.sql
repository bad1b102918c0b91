-- Full-text indexes (FTS5, external content) over observations, summaries and prompts, kept in
-- sync by triggers. Hand-written: drizzle-kit does not model virtual tables.
CREATE VIRTUAL TABLE observations_fts USING fts5(
  title, subtitle, facts, narrative, concepts, tool_name,
  content='observations', content_rowid='id', tokenize='porter unicode61', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER observations_fts_ai AFTER INSERT ON observations BEGIN
  INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name)
  VALUES (new.id, new.title, new.subtitle, new.facts, new.narrative, new.concepts, new.tool_name);
END;
--> statement-breakpoint
CREATE TRIGGER observations_fts_ad AFTER DELETE ON observations BEGIN
  INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name)
  VALUES ('delete', old.id, old.title, old.subtitle, old.facts, old.narrative, old.concepts, old.tool_name);
END;
--> statement-breakpoint
CREATE TRIGGER observations_fts_au AFTER UPDATE OF title, subtitle, facts, narrative, concepts, tool_name ON observations BEGIN
  INSERT INTO observations_fts(observations_fts, rowid, title, subtitle, facts, narrative, concepts, tool_name)
  VALUES ('delete', old.id, old.title, old.subtitle, old.facts, old.narrative, old.concepts, old.tool_name);
  INSERT INTO observations_fts(rowid, title, subtitle, facts, narrative, concepts, tool_name)
  VALUES (new.id, new.title, new.subtitle, new.facts, new.narrative, new.concepts, new.tool_name);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE summaries_fts USING fts5(
  request, investigated, learned, completed, next_steps, notes,
  content='session_summaries', content_rowid='id', tokenize='porter unicode61', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER summaries_fts_ai AFTER INSERT ON session_summaries BEGIN
  INSERT INTO summaries_fts(rowid, request, investigated, learned, completed, next_steps, notes)
  VALUES (new.id, new.request, new.investigated, new.learned, new.completed, new.next_steps, new.notes);
END;
--> statement-breakpoint
CREATE TRIGGER summaries_fts_ad AFTER DELETE ON session_summaries BEGIN
  INSERT INTO summaries_fts(summaries_fts, rowid, request, investigated, learned, completed, next_steps, notes)
  VALUES ('delete', old.id, old.request, old.investigated, old.learned, old.completed, old.next_steps, old.notes);
END;
--> statement-breakpoint
CREATE TRIGGER summaries_fts_au AFTER UPDATE ON session_summaries BEGIN
  INSERT INTO summaries_fts(summaries_fts, rowid, request, investigated, learned, completed, next_steps, notes)
  VALUES ('delete', old.id, old.request, old.investigated, old.learned, old.completed, old.next_steps, old.notes);
  INSERT INTO summaries_fts(rowid, request, investigated, learned, completed, next_steps, notes)
  VALUES (new.id, new.request, new.investigated, new.learned, new.completed, new.next_steps, new.notes);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE prompts_fts USING fts5(
  prompt, content='user_prompts', content_rowid='id', tokenize='porter unicode61', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER prompts_fts_ai AFTER INSERT ON user_prompts BEGIN
  INSERT INTO prompts_fts(rowid, prompt) VALUES (new.id, new.prompt);
END;
--> statement-breakpoint
CREATE TRIGGER prompts_fts_ad AFTER DELETE ON user_prompts BEGIN
  INSERT INTO prompts_fts(prompts_fts, rowid, prompt) VALUES ('delete', old.id, old.prompt);
END;
--> statement-breakpoint
CREATE TRIGGER prompts_fts_au AFTER UPDATE OF prompt ON user_prompts BEGIN
  INSERT INTO prompts_fts(prompts_fts, rowid, prompt) VALUES ('delete', old.id, old.prompt);
  INSERT INTO prompts_fts(rowid, prompt) VALUES (new.id, new.prompt);
END;
