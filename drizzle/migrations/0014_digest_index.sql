-- The SessionStart digest asks for one type of memory (episodes, decisions, failures) in the latest
-- sessions. Without this index each such query read every call of those sessions, and with real
-- tool responses stored the columns it filters on sit past the raw payload, on overflow pages.
CREATE INDEX IF NOT EXISTS `observations_session_type` ON `observations` (`session_id`,`type`,`created_at`);
