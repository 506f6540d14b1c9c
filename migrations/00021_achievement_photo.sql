-- +goose Up
-- An achievement card may show a photo the family chooses from the athlete's media library (an
-- image). Deleting the photo takes it off the card (drawn again without it).
ALTER TABLE achievements ADD COLUMN photo_media_id bigint REFERENCES media_items (id) ON DELETE SET NULL;

-- +goose Down
ALTER TABLE achievements DROP COLUMN photo_media_id;
