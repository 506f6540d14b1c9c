-- +goose Up
-- Duplicate uploads (issue 33): the SHA-256 of an uploaded original, computed while its bytes arrive,
-- so a second upload of the same file for the same athlete is noticed before it is kept. Items from
-- before this migration, and files the app made itself (clips, reports), start without one: the hourly
-- media_hash_backfill job reads their originals once and fills it in; until then they match nothing.
ALTER TABLE media_items ADD COLUMN content_sha256 bytea;
CREATE INDEX media_items_athlete_content_idx ON media_items (athlete_id, content_sha256) WHERE content_sha256 IS NOT NULL;

-- A resumable upload arrives in several PATCHes, perhaps on several api processes: the hash's running
-- state after the bytes recorded so far travels with the row, so no byte is read twice. allow_duplicate
-- is the client's choice at creation to keep a copy of an item it already has.
ALTER TABLE media_uploads
    ADD COLUMN hash_state bytea,
    ADD COLUMN allow_duplicate boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE media_uploads DROP COLUMN allow_duplicate, DROP COLUMN hash_state;
DROP INDEX media_items_athlete_content_idx;
ALTER TABLE media_items DROP COLUMN content_sha256;
