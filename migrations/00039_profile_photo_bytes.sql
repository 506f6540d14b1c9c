-- +goose Up
-- Profile photos count against the account's storage quota as media does (issue #28): what each
-- row holds on the disk is recorded beside its keys. original_bytes is the upload not yet cut (0
-- once the job forgets it); squares_bytes the 512 px and 128 px squares together. Photos made
-- before this migration count 0 until they are replaced: two squares are tens of kilobytes.
ALTER TABLE profile_photos
    ADD COLUMN original_bytes bigint NOT NULL DEFAULT 0 CHECK (original_bytes >= 0),
    ADD COLUMN squares_bytes  bigint NOT NULL DEFAULT 0 CHECK (squares_bytes >= 0);

-- +goose Down
ALTER TABLE profile_photos DROP COLUMN original_bytes, DROP COLUMN squares_bytes;
