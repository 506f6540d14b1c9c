-- +goose Up
-- Journal search looks a word up in one athlete's entries: a GIN index on (athlete_id, search)
-- finds exactly those, where the index on search alone returned every athlete's matches for the
-- heap to filter. btree_gin gives GIN the operator class for the bigint column; it ships with
-- PostgreSQL (contrib) and is a trusted extension, so the database owner may create it.
-- fastupdate is off so that a search never scans a pending list of recent inserts (up to 4 MB,
-- until vacuum merges it, which made a lookup cost 2–20 ms instead of 0.1 ms); entries are written
-- at the pace people type, so paying the index update on insert costs nothing that matters.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX journal_entries_athlete_search_idx ON journal_entries USING gin (athlete_id, search) WITH (fastupdate = off);
DROP INDEX journal_entries_search_idx;

-- +goose Down
CREATE INDEX journal_entries_search_idx ON journal_entries USING gin (search);
DROP INDEX journal_entries_athlete_search_idx;
DROP EXTENSION IF EXISTS btree_gin;
