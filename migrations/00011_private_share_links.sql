-- +goose Up
-- A public share link only for an item that is not private in a media section the family shares
-- (store.PubliclyShareable). Links made before that rule for private items or private sections
-- stop working now rather than on their next use.
UPDATE media_items SET share_code = NULL
WHERE share_code IS NOT NULL
  AND (is_private OR athlete_id IN (SELECT id FROM athletes WHERE privacy_media <> 'family'));

-- +goose Down
SELECT 1;
